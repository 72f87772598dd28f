/** Valid requests for the audit log routes (security.test.ts): read only, no shop; the newest entry's id. */
import type { FastifyInstance } from 'fastify';

export type AuditIds = { entry: number };

export async function auditIdsOf(
  app: FastifyInstance,
  _shop: number,
  admin: { authorization: string },
): Promise<AuditIds> {
  const res = await app.inject({ method: 'GET', url: '/api/v2/audit-log?_end=1', headers: admin });
  if (res.statusCode !== 200) throw new Error(`audit-log: ${res.statusCode} ${res.body}`);
  return { entry: res.json<{ id: number }[]>()[0].id };
}

export function auditSample(
  method: string,
  url: string,
  _shop: number,
  ids: AuditIds,
): { method: 'GET'; url: string } | undefined {
  if (!url.startsWith('/api/v2/audit-')) return undefined;
  if (method !== 'GET') throw new Error(`${method} ${url}: the audit log has no writing route`);
  if (url === '/api/v2/audit-log/:id') return { method: 'GET', url: `/api/v2/audit-log/${ids.entry}` };
  return { method: 'GET', url: url === '/api/v2/audit-log' ? `${url}?entity=user` : url };
}
