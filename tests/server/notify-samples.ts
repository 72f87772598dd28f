/**
 * Valid requests for the notification routes (security.test.ts). Messages are staff data, not a shop's:
 * the walker's foreign-shop pass does not reach them (the promotion screen is admin-only), and each
 * user's own notifications are checked against another user's ids in notifications.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { notificationMessages } from '../../server/src/db/schema.js';

export type NotifyIds = Record<string, number>;

/** A seeded message id (the demo has sent, cancelled and scheduled ones). */
export async function notifyIdsOf(
  app: FastifyInstance,
  _shop: number,
  _admin: { authorization: string },
): Promise<NotifyIds> {
  const [message] = await app.db.select({ id: notificationMessages.id }).from(notificationMessages).limit(1);
  if (!message) throw new Error('The demo seed has no notification message');
  return { message: message.id };
}

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function notifySample(
  method: string,
  url: string,
  shop: number,
  ids: NotifyIds,
):
  | { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }
  | undefined {
  switch (`${method} ${url}`) {
    case 'GET /api/promotion/masternotify':
      return { method: 'GET', url };
    case 'GET /api/promotion/notification':
      return { method: 'GET', url: `${url}?id=${ids.message}` };
    case 'GET /api/notify/getmessagenotifylist':
      return { method: 'GET', url: `${url}?status=scheduled` };
    case 'POST /api/notify/createmessage':
      return {
        method: 'POST',
        url,
        payload: { title: 'Probe', body: 'Probe', category: 'system', audience: 'shop', shopId: shop },
      };
    case 'POST /api/v2/notification-messages/:id/cancel':
      return { method: 'POST', url: url.replace(':id', String(ids.message)), payload: {} };
    case 'GET /api/v2/notification-audiences':
      return { method: 'GET', url: `${url}?audience=shop` };
    case 'GET /api/notify/getmessagenotify':
      return { method: 'GET', url: `${url}?limit=5` };
    case 'POST /api/notify/readmessage':
      return { method: 'POST', url, payload: { id: ids.message } };
    default:
      return undefined;
  }
}
