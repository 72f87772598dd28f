import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { badRequest } from '../../lib/errors.js';
import { withUpload } from '../../lib/uploads.js';
import type { OrderListFilter } from './list.js';
import type { OrderStatus } from './state.js';
import * as svc from './service.js';
import * as docs from './documents.js';
import { multipartDocs, s } from './schemas.js';
import { orderMasterRoutes } from './masterdata.js';

type Q<T> = { Querystring: T };
type B<T> = { Body: T };
const ok = (message: string, data?: unknown) => (data === undefined ? { status: 200, message } : { status: 200, message, data });

function claimInput(f: Record<string, unknown>): docs.ClaimInput {
  const errors: { field: string; message: string }[] = [];
  const int = (k: string) => { const n = Number(f[k]); if (!Number.isInteger(n) || n < 1) errors.push({ field: k, message: `${k} must be a whole number ≥ 1` }); return n; };
  const orderItemId = int('orderItemId');
  const qty = int('qty');
  const kind = f.kind;
  if (kind !== 'claim' && kind !== 'return') errors.push({ field: 'kind', message: "kind must be 'claim' or 'return'" });
  const reasonCode = typeof f.reasonCode === 'string' ? f.reasonCode.trim() : '';
  if (!reasonCode) errors.push({ field: 'reasonCode', message: 'reasonCode is required' });
  const description = f.description === undefined ? undefined : String(f.description).slice(0, 2000);
  const allowed = new Set(['orderItemId', 'qty', 'kind', 'reasonCode', 'description']);
  for (const k of Object.keys(f)) if (!allowed.has(k)) errors.push({ field: k, message: `unknown field ${k}` });
  if (errors.length) throw badRequest(errors[0].message, errors);
  return { orderItemId, qty, kind: kind as 'claim' | 'return', reasonCode, description };
}

export async function orderRoutes(app: FastifyInstance) {
  const { db } = app;
  const u = (req: FastifyRequest) => requireUser(req);

  app.post<B<OrderListFilter>>('/api/order/orderlist', { schema: s.orderlist }, async (req) => svc.orderList(db, u(req), req.body));
  app.get<Q<{ shopId?: number }>>('/api/order/sumordersstatus', { schema: s.sums }, async (req) => ({ data: await svc.statusCounts(db, u(req), req.query.shopId) }));
  app.get<Q<OrderListFilter>>('/api/order/orderlistbranch', { schema: s.branchList }, async (req) => svc.branchOrders(db, u(req), req.query));
  app.get<Q<Omit<OrderListFilter, 'page' | 'limit'>>>('/api/order/exportorders', { schema: s.exportCsv }, async (req, reply) => {
    const csv = await svc.exportOrders(db, u(req), req.query);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="orders.csv"').send(`\ufeff${csv}`);
  });
  app.post<B<{ shopId?: number; orderIds?: number[] }>>('/api/order/syncorders', { schema: s.sync },
    async (req) => ok('Order sync queued.', await svc.syncOrders(db, u(req), req.body)));

  app.get<Q<{ id: number }>>('/api/order/orderview', { schema: s.view }, async (req) => ({ data: await svc.orderView(db, u(req), req.query.id) }));
  app.get<Q<{ id: number }>>('/api/order/orderviewitem', { schema: s.viewItems }, async (req) => svc.orderViewItems(db, u(req), req.query.id));
  app.post<B<{ id?: number; ids?: number[]; status: OrderStatus; expectedStatus?: string; note?: string }>>('/api/order/changestatusorder',
    { schema: s.changeStatus }, async (req) => {
      const r = await svc.changeStatus(db, u(req), req.body);
      if (r.single) return ok('Order status changed.', r.single);
      return ok(`${r.bulk!.updated.length} order(s) moved${r.bulk!.failed.length ? `, ${r.bulk!.failed.length} not moved` : ''}.`, r.bulk);
    });
  app.post<B<{ id: number; reason: string; expectedStatus?: string }>>('/api/order/cancelorder', { schema: s.cancel },
    async (req) => ok('Order cancelled.', await svc.cancelOrder(db, u(req), req.body)));
  app.post<B<{ orderId: number; itemIds: number[]; ready: boolean }>>('/api/order/changestatusreadyitem', { schema: s.ready },
    async (req) => ok(req.body.ready ? 'Items marked ready.' : 'Items marked not ready.', await svc.setItemsReady(db, u(req), req.body)));
  app.post<B<{ id: number; transportType: string; trackingNo: string }>>('/api/order/shippingorder', { schema: s.ship },
    async (req) => ok('Shipping saved.', await svc.shipOrder(db, u(req), req.body)));
  app.post<B<{ id: number }>>('/api/order/confirmreceived', { schema: s.idBody('Customer received (shipped → delivered)') },
    async (req) => ok('Order marked received.', await svc.confirmReceived(db, u(req), req.body.id)));
  app.post<B<{ id: number }>>('/api/order/restoreredeem', { schema: s.idBody('Give redeem points back on a cancelled order (once)') },
    async (req) => ok('Redeem points given back.', await svc.restoreRedeem(db, u(req), req.body.id)));
  app.post<B<{ id: number }>>('/api/order/reportbilljoborder', { schema: s.idBody('Printable bill / job report') },
    async (req) => ok('Bill ready.', await svc.billReport(db, u(req), req.body.id)));
  app.post<B<{ id: number; channel: string; note: string }>>('/api/order/contactcustomer', { schema: s.contact },
    async (req) => ok('Contact note saved.', await svc.addContact(db, u(req), req.body)));
  app.get<Q<{ id: number }>>('/api/order/contactcuslist', { schema: s.contactList }, async (req) => svc.listContacts(db, u(req), req.query.id));
  app.post<B<{ id: number }>>('/api/order/deletecontactcustomer', { schema: s.idBody('Delete a contact note') }, async (req) => {
    await svc.deleteContact(db, u(req), req.body.id);
    return ok('Contact note deleted.');
  });

  // Payment slips
  app.get<Q<{ page: number; limit: number; status?: string; shopId?: number; search?: string; orderId?: number }>>('/api/order/slippayment',
    { schema: s.slipList }, async (req) => docs.listSlips(db, u(req), req.query));
  app.get<Q<{ id: number }>>('/api/order/approveslipview', { schema: s.slipView }, async (req) => ({ data: await docs.slipView(db, u(req), req.query.id) }));
  app.post<B<{ id: number; approve: boolean; note?: string }>>('/api/order/approveslip', { schema: s.approveSlip },
    async (req) => ok(req.body.approve ? 'Slip approved; the order is paid.' : 'Slip rejected.', await docs.approveSlip(db, u(req), req.body)));
  app.post('/api/order/uploadslippayment', { schema: s.multipart('Upload a payment slip (multipart: orderId, bankCode, amount, transferredAt, file)', multipartDocs.uploadSlip) },
    async (req) => withUpload(req, { field: 'file', kinds: ['image', 'document'] }, async ({ fields, file }) => {
      const orderId = Number(fields.orderId);
      if (!Number.isInteger(orderId) || orderId < 1) throw badRequest('orderId is required', [{ field: 'orderId', message: 'orderId must be a whole number' }]);
      const input = docs.slipFields(fields, false) as docs.SlipInput;
      return ok('Slip uploaded.', await docs.uploadSlip(db, u(req), orderId, input, file.url));
    }));
  app.post('/api/order/changeslip', { schema: s.multipart('Replace a slip (multipart: id, file, bankCode?, amount?, transferredAt?)', multipartDocs.changeSlip) },
    async (req) => withUpload(req, { field: 'file', kinds: ['image', 'document'] }, async ({ fields, file }) => {
      const id = Number(fields.id);
      if (!Number.isInteger(id) || id < 1) throw badRequest('id is required', [{ field: 'id', message: 'id must be a whole number' }]);
      return ok('Slip changed.', await docs.changeSlip(db, u(req), id, docs.slipFields(fields, true), file.url));
    }));

  // Purchase orders
  app.post<B<{ orderId: number; itemIds?: number[] }>>('/api/order/requestpoorder', { schema: s.requestPo },
    async (req) => ok('Purchase order requested.', await docs.requestPo(db, u(req), req.body)));
  app.post<B<{ id: number; trackingNo?: string }>>('/api/order/genaratepo', { schema: s.issuePo },
    async (req) => ok('Purchase order issued.', await docs.issuePo(db, u(req), req.body)));
  app.post<B<{ id: number; reason: string }>>('/api/order/cancelpo', { schema: s.cancelPo },
    async (req) => ok('Purchase order cancelled.', await docs.cancelPo(db, u(req), req.body)));
  app.post<B<{ id: number }>>('/api/order/restorepo', { schema: s.idBody('Restore a cancelled purchase order') },
    async (req) => ok('Purchase order restored.', await docs.restorePo(db, u(req), req.body.id)));
  app.get<Q<{ page: number; limit: number; orderId?: number; status?: string; shopId?: number; search?: string }>>('/api/order/poorders',
    { schema: s.poList }, async (req) => docs.listPos(db, u(req), req.query));
  app.get<Q<{ id: number }>>('/api/order/trackingpo', { schema: s.poId('Tracking of a purchase order') }, async (req) => ({ data: await docs.trackPo(db, u(req), req.query.id) }));
  app.get<Q<{ id: number }>>('/api/order/documentpo', { schema: s.poId('Purchase order document') }, async (req) => ({ data: await docs.poDocument(db, u(req), req.query.id) }));
  app.get<Q<{ id: number }>>('/api/order/documentpoorderitem', { schema: s.poOfItems }, async (req) => docs.poOfItems(db, u(req), req.query.id));

  // Transfers
  app.post<B<{ orderId: number; fromBranchId: number; toBranchId: number; itemIds?: number[]; note?: string }>>('/api/order/transferproduct',
    { schema: s.transfer }, async (req) => ok('Transfer requested.', await docs.requestTransfer(db, u(req), req.body)));
  app.get<Q<{ id: number }>>('/api/order/documenttransfer', { schema: s.transferDoc }, async (req) => ({ data: await docs.transferDocument(db, u(req), req.query.id) }));
  app.post<B<{ id: number; reason: string }>>('/api/order/ropcanceltransfer', { schema: s.transferReason('Ask to cancel a transfer', true) },
    async (req) => ok('Cancellation requested.', await docs.ropCancelTransfer(db, u(req), req.body)));
  app.post<B<{ id: number; reason?: string }>>('/api/order/canceltransferdoc', { schema: s.transferReason('Cancel a transfer document', false) },
    async (req) => ok('Transfer cancelled.', await docs.cancelTransferDoc(db, u(req), req.body)));
  app.post<B<{ id: number }>>('/api/order/cleartransfer', { schema: s.idBody('Clear a transfer (goods arrived)') },
    async (req) => ok('Transfer cleared.', await docs.clearTransfer(db, u(req), req.body.id)));

  // Claims and returns
  app.post('/api/order/fileclaim', { schema: s.multipart('File a claim/return (JSON, or multipart with one photo `file`)', multipartDocs.fileClaim) }, async (req) => {
    const user = u(req);
    if (req.isMultipart()) {
      return withUpload(req, { field: 'file', kinds: ['image'] }, async ({ fields, file }) =>
        ok('Claim filed.', await docs.fileClaim(db, user, claimInput(fields), [file.url])));
    }
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the claim as JSON or multipart/form-data.');
    return ok('Claim filed.', await docs.fileClaim(db, user, claimInput(body as Record<string, unknown>), []));
  });
  app.get<Q<{ page: number; limit: number; status?: string; kind?: string; shopId?: number; search?: string; orderId?: number }>>('/api/order/claimlist',
    { schema: s.claimList }, async (req) => docs.listClaims(db, u(req), req.query));
  app.get<Q<{ id: number }>>('/api/order/claimdetail', { schema: s.claimDetail }, async (req) => ({ data: await docs.claimDetail(db, u(req), req.query.id) }));
  app.post<B<{ id: number; status: string; resolution?: string; expectedStatus?: string }>>('/api/order/setclaimorder', { schema: s.setClaim },
    async (req) => ok('Claim updated.', await docs.setClaim(db, u(req), req.body)));

  await app.register(orderMasterRoutes);
}
