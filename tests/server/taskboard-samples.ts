/**
 * Valid requests for the task board routes (/api/kanban/columns/*, /api/v2/task-*) for security.test.ts.
 * A task board belongs to one user, not to a shop, and boards start empty: the walker's users own no
 * column, card or attachment, so every id below is someone else's or nobody's, which answers the same
 * 404. The assignee list is the one route that takes a shop: another shop's id is a 404 there.
 */
import { multipartSync, samples } from './product-files.js';

/** A column, card and attachment id no walker user owns (tests/server/taskboard.test.ts checks real foreign ids). */
const NOT_YOURS = 1;

type Sample = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
};

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function taskboardSample(method: string, url: string, shop: number): Sample | undefined {
  if (!url.startsWith('/api/kanban/') && !url.startsWith('/api/v2/task-')) return undefined;
  const path = url.replace(/:(id|attachmentId)\b/g, String(NOT_YOURS));
  const at = (payload?: object) => ({ method: method as Sample['method'], url: path, ...(payload ? { payload } : {}) });
  switch (`${method} ${url}`) {
    case 'POST /api/kanban/columns/update':
      return at({ columnId: NOT_YOURS, column: { name: 'Probe' } });
    case 'POST /api/kanban/columns/delete':
      return at({ columnId: NOT_YOURS });
    case 'GET /api/v2/task-columns':
      return { method: 'GET', url: `${url}?id=${NOT_YOURS}` };
    case 'POST /api/v2/task-columns/:id/move':
      return at({ index: 0 });
    case 'GET /api/v2/task-cards':
      return { method: 'GET', url: `${url}?columnId=${NOT_YOURS}` };
    case 'POST /api/v2/task-cards':
      return at({ columnId: NOT_YOURS, name: 'Probe' });
    case 'PATCH /api/v2/task-cards/:id':
      return at({ name: 'Probe' });
    case 'POST /api/v2/task-cards/:id/move':
      return at({ columnId: NOT_YOURS, index: 0 });
    case 'POST /api/v2/task-cards/:id/attachments':
      return {
        method: 'POST',
        url: path,
        ...multipartSync({}, { name: 'file', filename: 'probe.png', data: samples.png() }),
      };
    case 'GET /api/v2/task-assignees':
      return { method: 'GET', url: `${url}?shopId=${shop}` };
    default:
      return at();
  }
}
