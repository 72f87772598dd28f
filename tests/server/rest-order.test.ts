/**
 * `restResource`'s `order` option (server/src/rest/resource.ts), as declared: a column field that no body
 * writes, on a staff table. Served, it is covered on the home categories (homecategory.test.ts: dense places,
 * the move verb, writes at once).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { homeCategories } from '../../server/src/db/schema.js';
import { restResource, type RestResource } from '../../server/src/rest/resource.js';

const declare = (over: Partial<RestResource>) => () =>
  restResource({} as FastifyInstance, {
    name: 'probe-tiles',
    label: 'Probe tile',
    table: homeCategories,
    id: homeCategories.id,
    owner: 'none',
    fields: { position: { column: homeCategories.position, schema: { type: 'integer' } } },
    order: { field: 'position' },
    ...over,
  });

describe('REST helper, an ordered resource as declared', () => {
  it('refuses an order field that bodies write, that is not a column, or that is not a field', () => {
    expect(
      declare({ fields: { position: { column: homeCategories.position, schema: { type: 'integer' }, write: true } } }),
    ).toThrow(/changes by moving/);
    expect(declare({ fields: { position: { column: sql<number>`0`, schema: { type: 'integer' } } } })).toThrow(
      /must name a column field/,
    );
    expect(declare({ order: { field: 'place' } })).toThrow(/must name a column field/);
  });

  it('orders staff tables only (places are over the whole table)', () => {
    expect(declare({ owner: { user: homeCategories.linkId } })).toThrow(/owner none/);
  });
});
