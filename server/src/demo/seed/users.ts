/**
 * Users and roles: the user types every install needs, and demo staff — employee data for the admin and
 * the editor, three staff roles made on the user-settings screen (merchandising, order desk, marketing)
 * and their people: one disabled, one invited who has not set a password yet (the link has run out).
 */
import { randomBytes, createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { audit } from '../../lib/audit.js';
import type { Tx } from '../../lib/sql.js';
import type { DemoPerson } from './shops.js';

/** usertypemaster: how a staff member is employed. */
export const USER_TYPES: [string, string][] = [
  ['permanent', 'Permanent employee'],
  ['contract', 'Contract staff'],
  ['outsource', 'Outsourced staff'],
  ['intern', 'Intern'],
  ['agency', 'Partner agency'],
];

export async function ensureUserTypes(db: Db | Tx): Promise<void> {
  await db
    .insert(t.masterData)
    .values(USER_TYPES.map(([code, name], i) => ({ type: 'user_type', code, name, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
}

const DAY = 86_400_000;

const ROLES: { code: string; name: string; menus: string[] }[] = [
  {
    code: 'merchandiser',
    name: 'Merchandiser',
    menus: [
      '/admin/product',
      '/admin/product/listproduct',
      '/admin/product/listproductapprove',
      '/admin/product/visible',
      '/admin/product/masterattribute',
      '/admin/housebrand',
    ],
  },
  {
    code: 'order-desk',
    name: 'Order desk',
    menus: [
      '/admin/dashboard',
      '/admin/orders',
      '/admin/orders/list',
      '/admin/orders/listbranch',
      '/admin/orders/listslip',
      '/admin/orders/productclaim',
    ],
  },
  {
    code: 'marketing',
    name: 'Marketing',
    menus: [
      '/admin/campaign',
      '/admin/homecategory',
      '/admin/banners',
      '/admin/banners/bannermanagement',
      '/admin/promotion',
      '/admin/promotion/homesale',
      '/admin/promotion/flashsale',
      '/admin/promotion/couponline',
    ],
  },
];

interface Staff {
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  employeeCode: string;
  department: string;
  position: string;
  userType: string;
  phone: string;
  status?: 'disabled';
  invited?: boolean;
  daysAgo: number;
}

const STAFF: Staff[] = [
  {
    username: 'nattapong',
    firstName: 'Nattapong',
    lastName: 'Siriwong',
    role: 'merchandiser',
    employeeCode: 'EMP-0014',
    department: 'Merchandising',
    position: 'Category merchandiser',
    userType: 'permanent',
    phone: '089 114 2207',
    daysAgo: 210,
  },
  {
    username: 'jiraporn',
    firstName: 'Jiraporn',
    lastName: 'Kaewmanee',
    role: 'merchandiser',
    employeeCode: 'EMP-0019',
    department: 'Merchandising',
    position: 'Content merchandiser',
    userType: 'contract',
    phone: '086 552 0913',
    daysAgo: 95,
  },
  {
    username: 'wanida',
    firstName: 'Wanida',
    lastName: 'Boonmee',
    role: 'order-desk',
    employeeCode: 'EMP-0021',
    department: 'Customer service',
    position: 'Order desk officer',
    userType: 'permanent',
    phone: '081 903 4470',
    daysAgo: 160,
  },
  {
    username: 'surasak',
    firstName: 'Surasak',
    lastName: 'Inthanon',
    role: 'order-desk',
    employeeCode: 'EMP-0017',
    department: 'Customer service',
    position: 'Order desk officer',
    userType: 'outsource',
    phone: '092 318 6654',
    status: 'disabled',
    daysAgo: 300,
  },
  {
    username: 'kanokwan',
    firstName: 'Kanokwan',
    lastName: 'Thongchai',
    role: 'marketing',
    employeeCode: 'EMP-0030',
    department: 'Marketing',
    position: 'Campaign coordinator',
    userType: 'intern',
    phone: '064 220 1189',
    invited: true,
    daysAgo: 4,
  },
];

const FOUNDERS = [
  {
    username: 'admin',
    employeeCode: 'EMP-0001',
    department: 'Management',
    position: 'Marketplace manager',
    userType: 'permanent',
    phone: '081 234 5678',
  },
  {
    username: 'editor',
    employeeCode: 'EMP-0002',
    department: 'Content',
    position: 'Content editor',
    userType: 'permanent',
    phone: '082 640 1375',
  },
];

/** Runs inside the demo seed's transaction, after the admin and the editor exist. Answers the staff accounts added. */
export async function seedUserDemo(
  tx: Tx,
  opts: { referenceDate: Date; passwordHash: string; adminId: number },
): Promise<DemoPerson[]> {
  const ref = opts.referenceDate.getTime();
  for (const f of FOUNDERS) {
    const { username, ...fields } = f;
    await tx.update(t.users).set(fields).where(eq(t.users.username, username));
  }

  const menuRows = await tx
    .select({ id: t.menuItems.id, path: t.menuItems.path })
    .from(t.menuItems)
    .where(
      inArray(
        t.menuItems.path,
        ROLES.flatMap((r) => r.menus),
      ),
    );
  const roleIds = new Map<string, number>();
  for (const r of ROLES) {
    const [role] = await tx
      .insert(t.roles)
      .values({ code: r.code, name: r.name, area: 'admin', builtin: false })
      .returning({ id: t.roles.id });
    roleIds.set(r.code, role.id);
    // Only the menus of screens built in this install.
    const granted = menuRows.filter((m) => r.menus.includes(m.path));
    if (granted.length)
      await tx.insert(t.roleMenus).values(granted.map((m) => ({ roleId: role.id, menuItemId: m.id })));
    await audit(tx, {
      actorId: opts.adminId,
      action: 'create',
      entity: 'role',
      entityId: role.id,
      after: { code: r.code, name: r.name, menus: granted.map((m) => m.path).sort() },
    });
  }

  // Nobody knows the invited account's password: it signs in once a link has set one.
  const unknown = await hashPassword(randomBytes(32).toString('base64url'));
  for (const s of STAFF) {
    const { username, role, status, invited, daysAgo, ...fields } = s;
    const createdAt = new Date(ref - daysAgo * DAY);
    const [user] = await tx
      .insert(t.users)
      .values({
        username,
        email: `${username}@sellercenter.example`,
        passwordHash: invited ? unknown : opts.passwordHash,
        roleId: roleIds.get(role)!,
        status: status ?? 'active',
        createdAt,
        updatedAt: createdAt,
        ...fields,
      })
      .returning({ id: t.users.id });
    if (invited) {
      // A link nobody holds (only a hash of random bytes), already run out: the screen offers a new one.
      await tx.insert(t.passwordTokens).values({
        userId: user.id,
        purpose: 'invite',
        createdBy: opts.adminId,
        createdAt,
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        expiresAt: new Date(createdAt.getTime() + 3 * DAY),
      });
    }
    await audit(tx, {
      actorId: opts.adminId,
      action: 'invite',
      entity: 'user',
      entityId: user.id,
      after: { username, role, ...fields },
    });
    if (status)
      await audit(tx, {
        actorId: opts.adminId,
        action: 'user.status',
        entity: 'user',
        entityId: user.id,
        before: { status: 'active' },
        after: { status },
      });
  }
  return STAFF.filter((s) => !s.invited && !s.status).map((s) => ({
    username: s.username,
    firstName: s.firstName,
    lastName: s.lastName,
    role: s.role,
    shops: [],
  }));
}
