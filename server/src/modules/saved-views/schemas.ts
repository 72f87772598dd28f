import { closedObject } from '../../lib/schemas.js';

/** Which list a view belongs to: lowercase words joined by `-`, `_`, `.` or `:` (e.g. `orders`, `orders-branch`, `product.approve`). */
export const LIST_KEY_PATTERN = '^[a-z][a-z0-9]*([-_.:][a-z0-9]+)*$';
export const NAME_MAX = 80;
/** The stored state, as JSON, is at most this many bytes. */
export const STATE_MAX_BYTES = 16 * 1024;

export const listKey = { type: 'string', minLength: 1, maxLength: 64, pattern: LIST_KEY_PATTERN } as const;
/** Trimmed by the service; empty after trimming is refused there. */
export const name = { type: 'string', minLength: 1, maxLength: NAME_MAX } as const;

/** What a list screen restores from a view: Refine's filters and sorters, the visible columns and the page size. */
export const viewState = closedObject({
  filters: { type: 'array', maxItems: 50, items: { type: 'object' } },
  sorters: {
    type: 'array',
    maxItems: 10,
    items: closedObject(
      { field: { type: 'string', minLength: 1, maxLength: 100 }, order: { type: 'string', enum: ['asc', 'desc'] } },
      ['field', 'order'],
    ),
  },
  columns: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 100 } },
  pageSize: { type: 'integer', minimum: 1, maximum: 100 },
});

/** Answers echo the stored state as it is. */
export const storedState = { type: 'object', additionalProperties: true } as const;
