/**
 * Home-category tiles (docs/api/homecategory.md): REST under `/api/v2/homecategories` (with a move verb)
 * and the link-target look-up `/api/v2/homecategory-targets`. Not one plain table: answers carry the
 * target's name, and places change under one lock, so the routes are declared with `restRoutes`.
 * Access comes from the table of screens (admin only).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { restRoutes } from '../../rest/resource.js';
import * as s from './schemas.js';
import * as svc from './service.js';

type Id = { Params: { id: number } };
const listed = <T>(reply: FastifyReply, found: { rows: T[]; total: number }) => {
  reply.header('x-total-count', String(found.total));
  return found.rows;
};

export default async function homecategoryRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = requireUser;
  const storage = app.storage;

  const tiles = restRoutes(app, 'homecategories', { tags: s.TAGS });
  tiles.get<{ Querystring: svc.ListQuery }>(
    '',
    {
      summary: 'Home-category tiles in their order (total in x-total-count)',
      query: s.listQuery,
      response: { 200: s.rows(s.tile) },
    },
    async (req, reply) => listed(reply, await svc.listTiles(db, req.query)),
  );
  tiles.get<Id>('/:id', { summary: 'One home-category tile', response: { 200: s.tile } }, async (req) =>
    svc.getTile(db, req.params.id),
  );
  tiles.post<{ Body: svc.TileInput }>(
    '',
    {
      summary: 'A new tile at the end of the order',
      body: s.writable,
      required: s.createRequired,
      response: { 201: s.tile },
    },
    async (req, reply) => reply.code(201).send(await svc.createTile(db, storage, u(req), req.body)),
  );
  tiles.patch<Id & { Body: Partial<svc.TileInput> }>(
    '/:id',
    {
      summary: 'Change a tile (only the fields sent); its place changes by moving',
      body: s.writable,
      minProperties: 1,
      response: { 200: s.tile },
    },
    async (req) => svc.updateTile(db, storage, u(req), req.params.id, req.body),
  );
  tiles.delete<Id>(
    '/:id',
    { summary: 'Delete a tile; later tiles close up; answers the deleted tile', response: { 200: s.tile } },
    async (req) => svc.deleteTile(db, u(req), req.params.id),
  );
  tiles.post<Id & { Body: { index: number } }>(
    '/:id/move',
    {
      summary: 'Move a tile to `index` in the order (0-based; past the end → last); every place is stored',
      body: s.moveBody,
      required: ['index'],
      response: { 200: s.tile },
    },
    async (req) => svc.moveTile(db, u(req), req.params.id, req.body.index),
  );

  restRoutes(app, 'homecategory-targets', { tags: s.TAGS }).get<{ Querystring: svc.TargetQuery }>(
    '',
    {
      summary: `What a tile may link to, by name: active level-1 categories, campaigns not closed, approved products (at most ${s.TARGETS_MAX})`,
      query: s.targetsQuery,
      queryRequired: ['linkType'],
      response: { 200: s.rows(s.target) },
    },
    async (req, reply) => listed(reply, await svc.findTargets(db, req.query)),
  );
}
