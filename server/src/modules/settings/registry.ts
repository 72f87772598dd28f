/**
 * Config control: typed settings (table `settings`), one definition per key with its type, limits and
 * default. Code that depends on a setting reads it through `getSetting(db, key)`, which answers the
 * stored value or the default — never an unchecked one. Which code reads which key is listed in
 * docs/api/settings.md and in each definition's `readBy`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { fieldError, HttpError } from '../../lib/errors.js';
import type { Tx } from '../../lib/sql.js';

/** The app's languages (src/providers/languages.ts). */
export const LANGUAGES = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

type Kind =
  | { type: 'enum'; values: readonly string[] }
  | { type: 'integer'; min: number; max: number }
  /** THB with at most two decimals; `null` allowed when `nullable`. */
  | { type: 'money'; min: number; max: number; nullable?: boolean };

interface Definition<T> {
  /** Stable number of the key: the audit log's entity id (never reused). */
  id: number;
  kind: Kind;
  default: T;
  description: string;
  /** The code that reads it. */
  readBy: string;
  /** Served without sign-in (`GET /api/v2/client-settings`): the client needs it before anyone signs in. */
  public?: boolean;
}

const define = <T>(d: Definition<T>) => d;

export const SETTINGS = {
  defaultLanguage: define<Language>({
    id: 1,
    kind: { type: 'enum', values: LANGUAGES },
    default: 'en',
    public: true,
    description:
      'The language the app starts in when the browser asks for none of the five it ships, and the one a missing translation falls back to.',
    readBy: 'client: src/providers/i18n.ts (i18next fallbackLng), through GET /api/v2/client-settings',
  }),
  freeShippingFrom: define<number | null>({
    id: 2,
    kind: { type: 'money', min: 0, max: 10_000_000, nullable: true },
    default: null,
    description:
      'Back-office orders whose subtotal reaches this amount (THB) ship free; empty: shipping is always charged.',
    readBy: 'server: modules/checkout (quotes and placing an order)',
  }),
  checkoutMaxQuantity: define<number>({
    id: 3,
    kind: { type: 'integer', min: 1, max: 9999 },
    default: 50,
    description: 'The most units of one product a back-office order may take (a guard against typing 500 for 5).',
    readBy: 'server: modules/checkout (placing an order); client: the checkout cart',
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K]['default'];

/** JSON schema of a key's value (documentation and the client's form). */
export function schemaOf(key: SettingKey): Record<string, unknown> {
  const k = SETTINGS[key].kind;
  switch (k.type) {
    case 'enum':
      return { type: 'string', enum: k.values };
    case 'integer':
      return { type: 'integer', minimum: k.min, maximum: k.max };
    case 'money':
      return { type: k.nullable ? ['number', 'null'] : 'number', minimum: k.min, maximum: k.max, multipleOf: 0.01 };
  }
}

/** The value checked against its key's definition (400 naming `value` in words), as stored. */
export function checkValue(key: SettingKey, value: unknown): unknown {
  const k = SETTINGS[key].kind;
  const refuse = (words: string) => fieldError('value', `${key} must be ${words}`);
  switch (k.type) {
    case 'enum':
      if (typeof value !== 'string' || !k.values.includes(value)) throw refuse(`one of: ${k.values.join(', ')}`);
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < k.min || value > k.max)
        throw refuse(`a whole number from ${k.min} to ${k.max}`);
      return value;
    case 'money': {
      if (value === null && k.nullable) return null;
      const range = `an amount from ${k.min} to ${k.max.toLocaleString('en-US')} THB${k.nullable ? ' (or empty)' : ''}`;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < k.min || value > k.max) throw refuse(range);
      if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw refuse(`${range}, with at most two decimals`);
      return Math.round(value * 100) / 100;
    }
  }
}

/**
 * The setting's value now: the stored one when it still passes its definition, else the default
 * (a row written by an older definition never reaches the code that reads it).
 */
export async function getSetting<K extends SettingKey>(db: Db | Tx, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) return SETTINGS[key].default;
  try {
    return checkValue(key, row.value) as SettingValue<K>;
  } catch {
    return SETTINGS[key].default;
  }
}

export interface Setting {
  key: SettingKey;
  value: unknown;
  default: unknown;
  isDefault: boolean;
  schema: Record<string, unknown>;
  description: string;
  readBy: string;
  updatedAt: string | null;
  updatedByName: string | null;
}

/** Every setting with its value now (stored or default), its schema and who changed it last. */
export async function listSettings(db: Db | Tx): Promise<Setting[]> {
  const rows = await db
    .select({
      key: settings.key,
      value: settings.value,
      updatedAt: settings.updatedAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(settings)
    .leftJoin(users, eq(users.id, settings.updatedBy));
  const stored = new Map(rows.map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => {
    const d = SETTINGS[key];
    const row = stored.get(key);
    let value: unknown = d.default;
    if (row) {
      try {
        value = checkValue(key, row.value);
      } catch {
        value = d.default;
      }
    }
    return {
      key,
      value,
      default: d.default,
      isDefault: !row,
      schema: schemaOf(key),
      description: d.description,
      readBy: d.readBy,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedByName: row && row.first !== null ? `${row.first} ${row.last ?? ''}`.trim() : null,
    };
  });
}

/** What the client reads before sign-in. */
export async function clientSettings(db: Db): Promise<{ defaultLanguage: Language }> {
  return { defaultLanguage: await getSetting(db, 'defaultLanguage') };
}

const changedMeanwhile = (key: string) => {
  const message = `${key} was changed meanwhile; reload the settings and try again.`;
  return new HttpError(409, message, [{ field: 'updatedAt', message }]);
};

export interface ChangeInput {
  key: string;
  value: unknown;
  updatedAt: string | null;
}

/**
 * Sets one key. `updatedAt` is the one the person read (null: the key was still at its default): another
 * change since → 409 naming `updatedAt`. The row is locked for the check; audited as `setting`.
 */
export async function changeSetting(db: Db, actorId: number, input: ChangeInput): Promise<Setting> {
  if (!(SETTING_KEYS as string[]).includes(input.key))
    throw fieldError('key', `${input.key} is not a setting; settings: ${SETTING_KEYS.join(', ')}`);
  const key = input.key as SettingKey;
  const value = checkValue(key, input.value);
  // JSON null is a value (e.g. no free shipping); drizzle would write SQL NULL for it.
  const stored = value === null ? sql`'null'::jsonb` : value;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    const read = current ? current.updatedAt.toISOString() : null;
    if (read !== (input.updatedAt === null ? null : new Date(input.updatedAt).toISOString())) {
      throw changedMeanwhile(key);
    }
    if (current) {
      await tx
        .update(settings)
        .set({ value: stored, updatedBy: actorId, updatedAt: new Date() })
        .where(eq(settings.key, key));
    } else {
      // Two first changes at once: the key's primary key lets one in, the other reads as changed meanwhile.
      const inserted = await tx
        .insert(settings)
        .values({ key, value: stored, updatedBy: actorId })
        .onConflictDoNothing()
        .returning({ key: settings.key });
      if (!inserted.length) throw changedMeanwhile(key);
    }
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'setting',
      entityId: SETTINGS[key].id,
      before: { key, value: current ? current.value : null, isDefault: !current },
      after: { key, value },
    });
    return (await listSettings(tx)).find((s) => s.key === key)!;
  });
}
