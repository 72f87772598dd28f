/** Valid requests for the outbox routes (security.test.ts): staff only, scoped by topic, so no shop ids. */
type Sample = { method: 'GET' | 'POST'; url: string; payload?: object };

/** A request that passes validation for the route, or undefined when the route is not one of these. */
export function outboxSample(method: string, url: string): Sample | undefined {
  switch (`${method} ${url}`) {
    case 'GET /api/v2/outbox-jobs':
      return { method: 'GET', url: `${url}?topic=orders.sync&status=dead` };
    case 'POST /api/v2/outbox-jobs/:id/retry':
      return { method: 'POST', url: '/api/v2/outbox-jobs/1/retry', payload: {} };
    default:
      return undefined;
  }
}
