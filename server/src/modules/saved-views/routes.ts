import type { FastifyInstance } from 'fastify';
import { savedViews } from '../../db/schema.js';
import { restResource } from '../../rest/resource.js';
import { dateTime } from '../../lib/schemas.js';
import { listKey, name, storedState, viewState } from './schemas.js';
import { duplicateName, prepareView } from './service.js';

/** `/api/v2/saved-views`: each signed-in user's own named list settings (any other user's id answers 404). */
export default async function savedViewRoutes(app: FastifyInstance) {
  restResource(app, {
    name: 'saved-views',
    label: 'Saved view',
    table: savedViews,
    id: savedViews.id,
    owner: { user: savedViews.userId },
    fields: {
      listKey: {
        column: savedViews.listKey,
        schema: { type: 'string' },
        write: listKey,
        createOnly: true,
        filter: ['eq'],
        sort: true,
      },
      name: {
        column: savedViews.name,
        schema: { type: 'string' },
        write: name,
        filter: ['eq', 'ne', 'like'],
        sort: true,
      },
      state: { column: savedViews.state, schema: storedState, write: viewState },
      createdAt: { column: savedViews.createdAt, schema: dateTime, filter: ['gte', 'lte'], sort: true },
      updatedAt: { column: savedViews.updatedAt, schema: dateTime, filter: ['gte', 'lte'], sort: true },
    },
    defaultSort: { field: 'name', order: 'asc' },
    updatedAt: savedViews.updatedAt,
    prepare: prepareView,
    onDuplicate: duplicateName,
  });
}
