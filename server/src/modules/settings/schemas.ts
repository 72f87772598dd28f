/** JSON schemas of shipping rates and config control (docs/api/settings.md). */
import { dateTime, money, nullableDateTime, nullableString } from '../../lib/schemas.js';

export const TAGS = ['settings'];

const nullableNumber = { type: ['number', 'null'] } as const;

export const rate = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    zone: { type: 'string' },
    zoneName: { type: 'string' },
    transportType: { type: 'string' },
    transportTypeName: { type: 'string' },
    weightFrom: { type: 'number' },
    weightTo: nullableNumber,
    price: { type: 'number' },
    active: { type: 'boolean' },
    version: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: [
    'id',
    'zone',
    'zoneName',
    'transportType',
    'transportTypeName',
    'weightFrom',
    'weightTo',
    'price',
    'active',
    'version',
    'createdAt',
    'updatedAt',
  ],
} as const;

const code = { type: 'string', minLength: 1, maxLength: 40 } as const;
// numeric(10,3): a fourth decimal would be rounded away silently.
const weight = { type: 'number', minimum: 0, maximum: 100_000, multipleOf: 0.001 } as const;

export const rateQuery = {
  page: { type: 'integer', minimum: 1, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  zone: { ...code, description: 'Only this zone (a shipping-zone code)' },
  transportType: { ...code, description: 'Only this transport type (a mastertransporttype code)' },
  active: { type: 'boolean', description: 'true: active rates; false: deactivated ones' },
} as const;

export const rateBody = {
  id: { type: 'integer', minimum: 1, description: 'A rate to change; leave out to create one' },
  version: { type: 'integer', minimum: 1, description: 'With id: the version you read (a newer one → 409)' },
  zone: { ...code, description: 'A shipping-zone code (GET /api/v2/shipping-zones); required to create' },
  transportType: { ...code, description: 'A mastertransporttype code; required to create' },
  weightFrom: { ...weight, description: 'kg, inclusive, at most 3 decimals; required to create' },
  weightTo: {
    ...weight,
    type: ['number', 'null'],
    description: 'kg, exclusive, above weightFrom; null or left out: and heavier',
  },
  price: money({ max: 1_000_000, description: 'THB, at most 2 decimals; required to create' }),
  active: { type: 'boolean', description: 'false deactivates the rate (its band is free again); default true' },
} as const;

const anyValue = { description: 'Typed per key: see schema' } as const;
/** The JSON schema of a setting's value: the keywords registry.ts schemaOf() writes, and only those. */
const valueSchema = {
  type: 'object',
  properties: {
    type: {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      description: 'A JSON type, or several (e.g. number and null)',
    },
    enum: { type: 'array', items: { type: 'string' } },
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    multipleOf: { type: 'number' },
  },
  required: ['type'],
} as const;

export const setting = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    value: anyValue,
    default: anyValue,
    isDefault: { type: 'boolean' },
    schema: valueSchema,
    description: { type: 'string' },
    readBy: { type: 'string' },
    updatedAt: nullableDateTime,
    updatedByName: nullableString,
  },
  required: ['key', 'value', 'default', 'isDefault', 'schema', 'description', 'readBy', 'updatedAt', 'updatedByName'],
} as const;

export const settingChange = {
  key: { type: 'string', minLength: 1, maxLength: 60, description: 'The setting to change' },
  value: { description: "The new value, of the key's type (schema in configcontrol); null where the key allows none" },
  updatedAt: { ...nullableDateTime, description: 'The updatedAt you read; null when the setting was at its default' },
} as const;

export const quote = {
  type: 'object',
  properties: {
    zone: { type: 'string' },
    zoneName: { type: 'string' },
    transportType: { type: 'string' },
    transportTypeName: { type: 'string' },
    weightKg: { type: 'number' },
    rateId: { type: ['integer', 'null'] },
    weightFrom: nullableNumber,
    weightTo: nullableNumber,
    price: nullableNumber,
    reason: { type: 'string' },
  },
  required: [
    'zone',
    'zoneName',
    'transportType',
    'transportTypeName',
    'weightKg',
    'rateId',
    'weightFrom',
    'weightTo',
    'price',
  ],
} as const;

export const quoteBody = {
  provinceId: { type: 'integer', minimum: 1, description: 'The province the parcel goes to (masterprovince)' },
  weightKg: weight,
  transportType: { ...code, description: 'Only this transport type; left out: every transport type' },
} as const;
