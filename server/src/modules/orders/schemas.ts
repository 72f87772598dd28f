/** JSON schemas of the order routes. Objects are closed: unknown fields are rejected, never stripped. */
import { closedObject, errorResponses, id, money, multipartDoc, pageQuery } from '../../lib/schemas.js';
import { answers, orderSummarySchema } from './answers.js';
import {
  CLAIM_STATUSES,
  ORDER_STATUSES,
  PO_STATUSES,
  SLIP_STATUSES,
  STATE_MACHINE_DOC,
  TRANSFER_STATUSES,
} from './state.js';

const tags = ['orders'];

const status = { type: 'string', enum: ORDER_STATUSES } as const;
const str = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const date = { type: 'string', format: 'date' } as const;
const anyObj = { type: 'object', additionalProperties: true } as const;
const idQuery = (description: string) => closedObject({ id: { ...id, description } }, ['id']);

export const listFilterProps = {
  ...pageQuery,
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  status,
  channel: str(40),
  shopId: id,
  branchId: id,
  dateFrom: date,
  dateTo: date,
  search: str(100),
} as const;

const r = (schema: Record<string, unknown>, summary: string, extra: Record<string, unknown> = {}) => ({
  tags,
  summary,
  response: { ...errorResponses, 200: anyObj },
  ...schema,
  ...extra,
});

export const s = {
  orderlist: r({ body: closedObject(listFilterProps) }, 'Order list with status tab counts (counters, not GROUP BY)', {
    response: {
      ...errorResponses,
      200: {
        type: 'object',
        additionalProperties: false,
        required: ['orders', 'totalorders', 'maxpageorders', 'sumordersstatus'],
        properties: {
          orders: { type: 'array', items: orderSummarySchema },
          totalorders: { type: 'integer' },
          maxpageorders: { type: 'integer' },
          sumordersstatus: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['status', 'count'],
              properties: { status: { type: 'string' }, count: { type: 'integer' } },
            },
          },
        },
      },
    },
    description: STATE_MACHINE_DOC,
  }),
  sums: r({ querystring: closedObject({ shopId: id }) }, 'Status counts', {
    response: { ...errorResponses, 200: answers.sums },
  }),
  branchList: r({ querystring: closedObject(listFilterProps) }, 'Orders fulfilled by a branch', {
    response: { ...errorResponses, 200: answers.branchList },
  }),
  exportCsv: r(
    {
      querystring: closedObject({
        status,
        channel: str(40),
        shopId: id,
        branchId: id,
        dateFrom: date,
        dateTo: date,
        search: str(100),
      }),
    },
    'CSV of the current filter (addition)',
    { response: { ...errorResponses, 200: { type: 'string' } } },
  ),
  sync: r(
    { body: closedObject({ shopId: id, orderIds: { type: 'array', items: id, maxItems: 1000 } }) },
    'Queue an order sync (outbox job)',
  ),
  view: r({ querystring: idQuery('order id') }, 'One order with its timeline', {
    response: { ...errorResponses, 200: answers.view },
  }),
  viewItems: r({ querystring: idQuery('order id') }, 'Items of an order', {
    response: { ...errorResponses, 200: answers.viewItems },
  }),
  changeStatus: r(
    {
      body: closedObject(
        {
          id,
          ids: { type: 'array', items: id, minItems: 1, maxItems: 100 },
          status,
          expectedStatus: status,
          note: str(500),
        },
        ['status'],
      ),
    },
    'Move order(s) along the state machine',
    { description: STATE_MACHINE_DOC },
  ),
  cancel: r(
    {
      body: closedObject({ id, reason: { type: 'string', minLength: 1, maxLength: 500 }, expectedStatus: status }, [
        'id',
        'reason',
      ]),
    },
    'Cancel (until shipped)',
    { description: STATE_MACHINE_DOC },
  ),
  ready: r(
    {
      body: closedObject(
        { orderId: id, itemIds: { type: 'array', items: id, minItems: 1, maxItems: 200 }, ready: { type: 'boolean' } },
        ['orderId', 'itemIds', 'ready'],
      ),
    },
    'Mark items ready / not ready',
  ),
  ship: r(
    {
      body: closedObject({ id, transportType: str(40), trackingNo: { type: 'string', minLength: 1, maxLength: 60 } }, [
        'id',
        'transportType',
        'trackingNo',
      ]),
    },
    'Ship (ready_to_ship → shipped) or correct tracking',
  ),
  idBody: (summary: string) => r({ body: closedObject({ id }, ['id']) }, summary),
  bill: r({ body: closedObject({ id }, ['id']) }, 'Printable bill / job report', {
    response: { ...errorResponses, 200: answers.bill },
  }),
  contact: r(
    {
      body: closedObject(
        {
          id,
          channel: { type: 'string', enum: ['phone', 'line', 'email', 'sms'] },
          note: { type: 'string', minLength: 1, maxLength: 2000 },
        },
        ['id', 'channel', 'note'],
      ),
    },
    'Add a contact-customer note',
  ),
  contactList: r({ querystring: idQuery('order id') }, 'Contact notes of an order', {
    response: { ...errorResponses, 200: answers.contactList },
  }),
  slipList: r(
    {
      querystring: closedObject({
        ...pageQuery,
        status: { type: 'string', enum: SLIP_STATUSES },
        shopId: id,
        search: str(100),
        orderId: id,
      }),
    },
    'Payment slips',
    { response: { ...errorResponses, 200: answers.slipList } },
  ),
  slipView: r({ querystring: idQuery('slip id') }, 'One slip with its order', {
    response: { ...errorResponses, 200: answers.slipView },
  }),
  approveSlip: r(
    { body: closedObject({ id, approve: { type: 'boolean', default: true }, note: str(500) }, ['id']) },
    'Approve (order → paid, exactly once) or reject a slip',
  ),
  multipart: (summary: string, doc: ReturnType<typeof multipartDoc>) => ({
    tags,
    summary,
    ...doc,
    response: { ...errorResponses, 200: anyObj },
  }),
  requestPo: r(
    {
      body: closedObject({ orderId: id, itemIds: { type: 'array', items: id, minItems: 1, maxItems: 200 } }, [
        'orderId',
      ]),
    },
    'Request a purchase order',
  ),
  issuePo: r(
    { body: closedObject({ id, trackingNo: str(60) }, ['id']) },
    'Issue a purchase order (requested → issued)',
  ),
  cancelPo: r(
    { body: closedObject({ id, reason: { type: 'string', minLength: 1, maxLength: 500 } }, ['id', 'reason']) },
    'Cancel a purchase order',
  ),
  poList: r(
    {
      querystring: closedObject({
        ...pageQuery,
        orderId: id,
        status: { type: 'string', enum: PO_STATUSES },
        shopId: id,
        search: str(100),
      }),
    },
    'Purchase orders',
    { response: { ...errorResponses, 200: answers.poList } },
  ),
  poId: (summary: string, answer: unknown) =>
    r({ querystring: idQuery('purchase order id') }, summary, { response: { ...errorResponses, 200: answer } }),
  poOfItems: r({ querystring: idQuery('order id') }, "PO documents of an order's items", {
    response: { ...errorResponses, 200: answers.poOfItems },
  }),
  transfer: r(
    {
      body: closedObject(
        {
          orderId: id,
          fromBranchId: id,
          toBranchId: id,
          itemIds: { type: 'array', items: id, minItems: 1, maxItems: 200 },
          note: str(500),
        },
        ['orderId', 'fromBranchId', 'toBranchId'],
      ),
    },
    'Request a stock transfer',
  ),
  transferReason: (summary: string, required: boolean) =>
    r(
      {
        body: closedObject(
          { id, reason: { type: 'string', maxLength: 500, ...(required ? { minLength: 1 } : {}) } },
          required ? ['id', 'reason'] : ['id'],
        ),
      },
      summary,
    ),
  transferDoc: r({ querystring: idQuery('transfer id') }, 'Transfer document', {
    response: { ...errorResponses, 200: answers.transferDoc },
  }),
  claimList: r(
    {
      querystring: closedObject({
        ...pageQuery,
        status: { type: 'string', enum: CLAIM_STATUSES },
        kind: { type: 'string', enum: ['claim', 'return'] },
        shopId: id,
        search: str(100),
        orderId: id,
      }),
    },
    'Claims and returns',
    { response: { ...errorResponses, 200: answers.claimList } },
  ),
  claimDetail: r({ querystring: idQuery('claim id') }, 'One claim', {
    response: { ...errorResponses, 200: answers.claimDetail },
  }),
  setClaim: r(
    {
      body: closedObject(
        {
          id,
          status: { type: 'string', enum: CLAIM_STATUSES },
          resolution: str(1000),
          expectedStatus: { type: 'string', enum: CLAIM_STATUSES },
        },
        ['id', 'status'],
      ),
    },
    'Move a claim along filed → reviewing → approved|rejected → resolved',
  ),
  transferStatuses: TRANSFER_STATUSES,
};

/** Photos one claim may carry (the claim form's limit too). */
export const CLAIM_PHOTOS_MAX = 5;

const slipFile = { description: 'The slip: a JPEG, PNG or WebP image (≤ 5 MB) or a PDF (≤ 10 MB)' };
const slipDocFields = {
  bankCode: { type: 'string', maxLength: 40, description: 'masterbank code' },
  amount: money({ positive: true }),
  transferredAt: { type: 'string', format: 'date-time' },
};
export const multipartDocs = {
  uploadSlip: multipartDoc(
    { orderId: id, ...slipDocFields },
    ['orderId', 'bankCode', 'amount', 'transferredAt'],
    slipFile,
  ),
  changeSlip: multipartDoc(
    { id: { ...id, description: 'slip id (pending or rejected)' }, ...slipDocFields },
    ['id'],
    slipFile,
  ),
  fileClaim: multipartDoc(
    {
      orderItemId: id,
      qty: { type: 'integer', minimum: 1 },
      kind: { type: 'string', enum: ['claim', 'return'] },
      reasonCode: { ...str(40), description: 'masterclaim code' },
      description: str(2000),
      photos: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        maxItems: CLAIM_PHOTOS_MAX,
        description: `Up to ${CLAIM_PHOTOS_MAX} photos, one file part each (JPEG, PNG or WebP, ≤ 5 MB each); multipart only. All are refused when one is not an image.`,
      },
    },
    ['orderItemId', 'qty', 'kind', 'reasonCode'],
    {
      description: `One photo (JPEG, PNG or WebP, ≤ 5 MB), the older form of \`photos\`; counts towards the ${CLAIM_PHOTOS_MAX}; multipart only`,
      required: false,
    },
    true,
  ),
};

export const claimJsonBody = closedObject(
  {
    orderItemId: id,
    kind: { type: 'string', enum: ['claim', 'return'] },
    reasonCode: str(40),
    qty: { type: 'integer', minimum: 1, maximum: 10000 },
    description: str(2000),
  },
  ['orderItemId', 'kind', 'reasonCode', 'qty'],
);
