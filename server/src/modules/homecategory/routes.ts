/**
 * Home-category tiles (docs/api/homecategory.md): the staff REST resource `/api/v2/homecategories` (a
 * `restResource` declaration, owner none, kept in order by `position` with its move verb) that the
 * generated home-categories screen reads, and the link-target look-up `/api/v2/homecategory-targets`.
 * Access comes from the table of screens (admin only).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { homeCategories } from '../../db/schema.js';
import { restResource, restRoutes } from '../../rest/resource.js';
import { dateTime } from '../../lib/schemas.js';
import { checkWindow, WINDOW_FIELDS, type Window, type WindowInput } from '../../lib/window.js';
import * as s from './schemas.js';
import { assertTarget, cleanNames, findTargets, type TargetQuery } from './targets.js';

/**
 * The target's name while it takes a link: a level-1 category that is active, a campaign that is not
 * closed, an approved product. Qualified by hand: drizzle writes select fields without their table.
 */
const linkName = sql<string | null>`case home_categories.link_type
  when 'category' then (select m.name from master_data m where m.id = home_categories.link_id and m.type = 'level1' and m.status = 'active')
  when 'campaign' then (select c.name from campaigns c where c.id = home_categories.link_id and c.status <> 'closed')
  when 'product' then (select p.name from products p where p.id = home_categories.link_id and p.approval_status = 'approved')
  end`;

export default async function homecategoryRoutes(app: FastifyInstance) {
  restResource(app, {
    name: 'homecategories',
    label: 'Home category',
    table: homeCategories,
    id: homeCategories.id,
    owner: 'none',
    tags: s.TAGS,
    updatedAt: homeCategories.updatedAt,
    audit: { entity: 'home_category' },
    order: { field: 'position' },
    fields: {
      imageUrl: {
        column: homeCategories.imageUrl,
        schema: { type: 'string', title: 'Image' },
        write: s.imageUrl,
        image: true,
      },
      names: { column: homeCategories.names, schema: s.namesOut, write: s.names },
      position: {
        column: homeCategories.position,
        schema: { type: 'integer', title: 'Place', description: '0-based place in the order; changed by moving' },
        sort: true,
      },
      linkType: {
        column: homeCategories.linkType,
        schema: { type: 'string', enum: s.LINK_TYPES, title: 'Opens' },
        write: s.linkType,
        filter: ['eq'],
      },
      linkId: {
        column: homeCategories.linkId,
        schema: { type: 'integer', title: 'Target' },
        write: s.linkId,
      },
      linkName: {
        column: linkName,
        schema: {
          type: ['string', 'null'],
          title: 'Target',
          description: "The target's name; null when it no longer takes a link (deleted, closed, not approved)",
        },
      },
      active: {
        column: homeCategories.active,
        schema: { type: 'boolean', title: 'Shown' },
        write: { type: 'boolean', description: 'Shown on the home page (inside its window); default true' },
        filter: ['eq'],
        optional: true,
      },
      startsAt: { column: homeCategories.startsAt, schema: dateTime, write: WINDOW_FIELDS.startsAt, sort: true },
      endsAt: {
        column: homeCategories.endsAt,
        schema: { type: ['string', 'null'], format: 'date-time' },
        write: WINDOW_FIELDS.endsAt,
        optional: true,
      },
      timezone: {
        column: homeCategories.timezone,
        schema: { type: 'string' },
        write: WINDOW_FIELDS.timezone,
        optional: true,
      },
      createdAt: { column: homeCategories.createdAt, schema: dateTime },
      updatedAt: { column: homeCategories.updatedAt, schema: dateTime, sort: true },
    },
    // Five names trimmed, a window that holds together (an edit's fields over the stored ones), and a
    // target that takes a link when the link changes (an unchanged one may have closed since and is left alone).
    prepare: async (body, { tx, current }) => {
      const out = { ...body };
      if (body.names) out.names = cleanNames(body.names as Record<s.Language, string>);
      if (!current || ['startsAt', 'endsAt', 'timezone'].some((k) => body[k] !== undefined))
        Object.assign(out, checkWindow(body as WindowInput, current as Window | undefined));
      if (!current || body.linkType !== undefined || body.linkId !== undefined)
        await assertTarget(
          tx,
          (body.linkType ?? current?.linkType) as s.LinkType,
          (body.linkId ?? current?.linkId) as number,
        );
      return out;
    },
  });

  restRoutes(app, 'homecategory-targets', { tags: s.TAGS }).get<{ Querystring: TargetQuery }>(
    '',
    {
      summary: `What a tile may link to, by name: active level-1 categories, campaigns not closed, approved products (at most ${s.TARGETS_MAX})`,
      query: s.targetsQuery,
      queryRequired: ['linkType'],
      response: { 200: s.rows(s.target) },
    },
    async (req, reply) => {
      const found = await findTargets(app.db, req.query);
      reply.header('x-total-count', String(found.total));
      return found.rows;
    },
  );
}
