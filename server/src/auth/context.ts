import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import type { AuthUser } from './types.js';

/** One round trip: the user, role, granted menu paths and shops. */
export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const rows = await queryRows<{
    id: number; username: string; status: string; role: string; area: string;
    menus: string[] | null; shop_ids: number[] | null;
  }>(db, sql`
    select u.id, u.username, u.status, r.code as role, r.area,
      (select array_agg(m.path order by m.path) from role_menus rm join menu_items m on m.id = rm.menu_item_id
        where rm.role_id = r.id) as menus,
      (select array_agg(us.shop_id order by us.shop_id) from user_shops us where us.user_id = u.id) as shop_ids
    from users u join roles r on r.id = u.role_id
    where u.id = ${userId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id), username: r.username, status: r.status, role: r.role,
    area: r.area === 'supplier' ? 'supplier' : 'admin',
    menus: r.menus ?? [], shopIds: (r.shop_ids ?? []).map(Number),
  };
}
