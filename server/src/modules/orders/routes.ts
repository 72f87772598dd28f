import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { badRequest } from '../../lib/errors.js';
import { withUpload, withUploads } from '../../lib/uploads.js';
import type { OrderListFilter } from './list.js';
import type { OrderStatus } from './state.js';
import * as svc from './service.js';
import * as slips from './slips.js';
import * as pos from './purchase-orders.js';
import * as transfers from './transfers.js';
import * as claims from './claims.js';
import { CLAIM_PHOTOS_MAX, multipartDocs, s } from './schemas.js';
import { answers } from './answers.js';
import { orderMasterRoutes } from './masterdata.js';
import { ok } from '../../lib/sql.js';
import { routesOf } from '../../lib/route.js';
import { sendCsv } from '../../lib/csv-export.js';

type Q<T> = { Querystring: T };
type B<T> = { Body: T };

function claimInput(f: Record<string, unknown>): claims.ClaimInput {
  const errors: { field: string; message: string }[] = [];
  const int = (k: string) => {
    const n = Number(f[k]);
    if (!Number.isInteger(n) || n < 1) errors.push({ field: k, message: `${k} must be a whole number ≥ 1` });
    return n;
  };
  const orderItemId = int('orderItemId');
  const qty = int('qty');
  const kind = f.kind;
  if (kind !== 'claim' && kind !== 'return')
    errors.push({ field: 'kind', message: "kind must be 'claim' or 'return'" });
  const reasonCode = typeof f.reasonCode === 'string' ? f.reasonCode.trim() : '';
  if (!reasonCode) errors.push({ field: 'reasonCode', message: 'reasonCode is required' });
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a form field: text or a number, never an object
  const description = f.description === undefined ? undefined : String(f.description).slice(0, 2000);
  const allowed = new Set(['orderItemId', 'qty', 'kind', 'reasonCode', 'description']);
  for (const k of Object.keys(f)) if (!allowed.has(k)) errors.push({ field: k, message: `unknown field ${k}` });
  if (errors.length) throw badRequest(errors[0].message, errors);
  return { orderItemId, qty, kind: kind as 'claim' | 'return', reasonCode, description };
}

export default async function orderRoutes(app: FastifyInstance) {
  const r = routesOf(app, '/api/order', { tags: ['orders'] });
  const { db } = app;
  const u = (req: FastifyRequest) => requireUser(req);

  r.post<B<OrderListFilter>>('orderlist', { schema: s.orderlist }, async (req) => svc.orderList(db, u(req), req.body));
  r.get<Q<{ shopId?: number }>>('sumordersstatus', { schema: s.sums }, async (req) => ({
    data: await svc.statusCounts(db, u(req), req.query.shopId),
  }));
  r.get<Q<OrderListFilter>>('orderlistbranch', { schema: s.branchList }, async (req) =>
    svc.branchOrders(db, u(req), req.query),
  );
  r.get<Q<Omit<OrderListFilter, 'page' | 'limit'>>>('exportorders', { schema: s.exportCsv }, async (req, reply) => {
    return sendCsv(app, reply, svc.exportOrders(u(req), req.query));
  });
  r.post<B<{ shopId?: number; orderIds?: number[] }>>('syncorders', { schema: s.sync }, async (req) =>
    ok('Order sync queued.', await svc.syncOrders(db, u(req), req.body)),
  );

  r.get<Q<{ id: number }>>('orderview', { schema: s.view }, async (req) => {
    const order = await svc.orderView(db, u(req), req.query.id);
    return { data: { ...order, ...(await slips.orderPayment(db, req.query.id)) } };
  });
  r.get<Q<{ id: number }>>('orderviewitem', { schema: s.viewItems }, async (req) =>
    svc.orderViewItems(db, u(req), req.query.id),
  );
  r.post<B<{ id?: number; ids?: number[]; status: OrderStatus; expectedStatus?: string; note?: string }>>(
    'changestatusorder',
    { schema: s.changeStatus },
    async (req) => {
      const r = await svc.changeStatus(db, u(req), req.body);
      if (r.single) return ok('Order status changed.', r.single);
      return ok(
        `${r.bulk.updated.length} order(s) moved${r.bulk.failed.length ? `, ${r.bulk.failed.length} not moved` : ''}.`,
        r.bulk,
      );
    },
  );
  r.post<B<{ id: number; reason: string; expectedStatus?: string }>>('cancelorder', { schema: s.cancel }, async (req) =>
    ok('Order cancelled.', await svc.cancelOrder(db, u(req), req.body)),
  );
  r.post<B<{ orderId: number; itemIds: number[]; ready: boolean }>>(
    'changestatusreadyitem',
    { schema: s.ready },
    async (req) =>
      ok(
        req.body.ready ? 'Items marked ready.' : 'Items marked not ready.',
        await svc.setItemsReady(db, u(req), req.body),
      ),
  );
  r.post<B<{ id: number; transportType: string; trackingNo: string }>>(
    'shippingorder',
    { schema: s.ship },
    async (req) => ok('Shipping saved.', await svc.shipOrder(db, u(req), req.body)),
  );
  r.post<B<{ id: number }>>(
    'confirmreceived',
    { schema: s.idBody('Customer received (shipped → delivered)') },
    async (req) => ok('Order marked received.', await svc.confirmReceived(db, u(req), req.body.id)),
  );
  r.post<B<{ id: number }>>(
    'restoreredeem',
    { schema: s.idBody('Give redeem points back on a cancelled order (once)') },
    async (req) => ok('Redeem points given back.', await svc.restoreRedeem(db, u(req), req.body.id)),
  );
  r.post<B<{ id: number }>>('reportbilljoborder', { schema: s.bill }, async (req) =>
    ok('Bill ready.', await svc.billReport(db, u(req), req.body.id)),
  );
  r.post<B<{ id: number; channel: string; note: string }>>('contactcustomer', { schema: s.contact }, async (req) =>
    ok('Contact note saved.', await svc.addContact(db, u(req), req.body)),
  );
  r.get<Q<{ id: number }>>('contactcuslist', { schema: s.contactList }, async (req) =>
    svc.listContacts(db, u(req), req.query.id),
  );
  r.post<B<{ id: number }>>('deletecontactcustomer', { schema: s.idBody('Delete a contact note') }, async (req) => {
    await svc.deleteContact(db, u(req), req.body.id);
    return ok('Contact note deleted.');
  });

  // Payment slips
  r.get<Q<{ page: number; limit: number; status?: string; shopId?: number; search?: string; orderId?: number }>>(
    'slippayment',
    { schema: s.slipList },
    async (req) => slips.listSlips(db, u(req), req.query),
  );
  r.get<Q<{ id: number }>>('approveslipview', { schema: s.slipView }, async (req) => ({
    data: await slips.slipView(db, u(req), req.query.id),
  }));
  r.post<B<{ id: number; approve: boolean; note?: string }>>('approveslip', { schema: s.approveSlip }, async (req) => {
    const slip = await slips.approveSlip(db, u(req), req.body);
    if (!req.body.approve) return ok('Slip rejected.', slip);
    return ok(
      slip.orderOwed > 0
        ? `Slip approved; the order still owes ${slip.orderOwed.toFixed(2)} THB.`
        : 'Slip approved; the order is paid.',
      slip,
    );
  });
  r.post(
    'uploadslippayment',
    {
      schema: s.multipart(
        'Upload a payment slip (multipart: orderId, bankCode, amount, transferredAt, file)',
        multipartDocs.uploadSlip,
      ),
    },
    async (req) =>
      withUpload(req, { field: 'file', kinds: ['image', 'document'] }, async ({ fields, file }) => {
        const orderId = Number(fields.orderId);
        if (!Number.isInteger(orderId) || orderId < 1)
          throw badRequest('orderId is required', [{ field: 'orderId', message: 'orderId must be a whole number' }]);
        const input = slips.slipFields(fields, false) as slips.SlipInput;
        return ok('Slip uploaded.', await slips.uploadSlip(db, u(req), orderId, input, file.url));
      }),
  );
  r.post(
    'changeslip',
    {
      schema: s.multipart(
        'Replace a slip (multipart: id, file, bankCode?, amount?, transferredAt?)',
        multipartDocs.changeSlip,
      ),
    },
    async (req) =>
      withUpload(req, { field: 'file', kinds: ['image', 'document'] }, async ({ fields, file }) => {
        const id = Number(fields.id);
        if (!Number.isInteger(id) || id < 1)
          throw badRequest('id is required', [{ field: 'id', message: 'id must be a whole number' }]);
        return ok('Slip changed.', await slips.changeSlip(db, u(req), id, slips.slipFields(fields, true), file.url));
      }),
  );

  // Purchase orders
  r.post<B<{ orderId: number; itemIds?: number[] }>>('requestpoorder', { schema: s.requestPo }, async (req) =>
    ok('Purchase order requested.', await pos.requestPo(db, u(req), req.body)),
  );
  r.post<B<{ id: number; trackingNo?: string }>>('genaratepo', { schema: s.issuePo }, async (req) =>
    ok('Purchase order issued.', await pos.issuePo(db, u(req), req.body)),
  );
  r.post<B<{ id: number; reason: string }>>('cancelpo', { schema: s.cancelPo }, async (req) =>
    ok('Purchase order cancelled.', await pos.cancelPo(db, u(req), req.body)),
  );
  r.post<B<{ id: number }>>('restorepo', { schema: s.idBody('Restore a cancelled purchase order') }, async (req) =>
    ok('Purchase order restored.', await pos.restorePo(db, u(req), req.body.id)),
  );
  r.get<Q<{ page: number; limit: number; orderId?: number; status?: string; shopId?: number; search?: string }>>(
    'poorders',
    { schema: s.poList },
    async (req) => pos.listPos(db, u(req), req.query),
  );
  r.get<Q<{ id: number }>>(
    'trackingpo',
    { schema: s.poId('Tracking of a purchase order', answers.poTracking) },
    async (req) => ({ data: await pos.trackPo(db, u(req), req.query.id) }),
  );
  r.get<Q<{ id: number }>>(
    'documentpo',
    { schema: s.poId('Purchase order document', answers.poDocument) },
    async (req) => ({ data: await pos.poDocument(db, u(req), req.query.id) }),
  );
  r.get<Q<{ id: number }>>('documentpoorderitem', { schema: s.poOfItems }, async (req) =>
    pos.poOfItems(db, u(req), req.query.id),
  );

  // Transfers
  r.post<B<{ orderId: number; fromBranchId: number; toBranchId: number; itemIds?: number[]; note?: string }>>(
    'transferproduct',
    { schema: s.transfer },
    async (req) => ok('Transfer requested.', await transfers.requestTransfer(db, u(req), req.body)),
  );
  r.get<Q<{ id: number }>>('documenttransfer', { schema: s.transferDoc }, async (req) => ({
    data: await transfers.transferDocument(db, u(req), req.query.id),
  }));
  r.post<B<{ id: number; reason: string }>>(
    'ropcanceltransfer',
    { schema: s.transferReason('Ask to cancel a transfer', true) },
    async (req) => ok('Cancellation requested.', await transfers.ropCancelTransfer(db, u(req), req.body)),
  );
  r.post<B<{ id: number; reason?: string }>>(
    'canceltransferdoc',
    { schema: s.transferReason('Cancel a transfer document', false) },
    async (req) => ok('Transfer cancelled.', await transfers.cancelTransferDoc(db, u(req), req.body)),
  );
  r.post<B<{ id: number }>>('cleartransfer', { schema: s.idBody('Clear a transfer (goods arrived)') }, async (req) =>
    ok('Transfer cleared.', await transfers.clearTransfer(db, u(req), req.body.id)),
  );

  // Claims and returns
  r.post(
    'fileclaim',
    {
      schema: s.multipart(
        `File a claim/return (JSON, or multipart with up to ${CLAIM_PHOTOS_MAX} photos \`photos\`, or one photo \`file\`)`,
        multipartDocs.fileClaim,
      ),
    },
    async (req) => {
      const user = u(req);
      if (req.isMultipart()) {
        // What the claim form sends: its fields and 0 to 5 photos under `photos`; `file` is the older single photo.
        // Every photo is checked before any is kept; a refused photo or claim keeps none.
        const photos = { photos: CLAIM_PHOTOS_MAX, file: 1 };
        const opts = { files: photos, max: CLAIM_PHOTOS_MAX, kinds: ['image' as const], optional: true };
        return withUploads(req, opts, async ({ fields, files }) => {
          const urls = files.map((f) => f.url);
          return ok('Claim filed.', await claims.fileClaim(db, user, claimInput(fields), urls));
        });
      }
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('Send the claim as JSON or multipart/form-data.');
      return ok('Claim filed.', await claims.fileClaim(db, user, claimInput(body as Record<string, unknown>), []));
    },
  );
  r.get<
    Q<{
      page: number;
      limit: number;
      status?: string;
      kind?: string;
      shopId?: number;
      search?: string;
      orderId?: number;
    }>
  >('claimlist', { schema: s.claimList }, async (req) => claims.listClaims(db, u(req), req.query));
  r.get<Q<{ id: number }>>('claimdetail', { schema: s.claimDetail }, async (req) => ({
    data: await claims.claimDetail(db, u(req), req.query.id),
  }));
  r.post<B<{ id: number; status: string; resolution?: string; expectedStatus?: string }>>(
    'setclaimorder',
    { schema: s.setClaim },
    async (req) => ok('Claim updated.', await claims.setClaim(db, u(req), req.body)),
  );

  await app.register(orderMasterRoutes);
}
