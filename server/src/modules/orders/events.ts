/**
 * What an order's timeline says, as a code and its values: the client words it in the reader's
 * language (public/locales/<lng>/orders.json, `orders.events`); `message` keeps the English for logs
 * and for callers of the legacy answer. Values that are codes (statuses, carriers, channels) stay
 * codes, so they are translated too.
 */
export type EventParams = Record<string, string | number>;

const words = (s: string | number | undefined) => String(s ?? '').replace(/_/g, ' ');
const tail = (sep: string, v: string | number | undefined) => (v === undefined || v === '' ? '' : `${sep}${v}`);

const ENGLISH = {
  placedAtCheckout: (p: EventParams) => `Placed at checkout by ${p.by}`,
  paymentConfirmed: () => 'Payment confirmed',
  status: (p: EventParams) => `Status ${words(p.from)} → ${words(p.to)}${tail(': ', p.reason)}${tail(' — ', p.note)}`,
  received: () => 'Customer received the order',
  shipped: (p: EventParams) => `Shipped by ${p.transportType}, tracking ${p.trackingNo}`,
  trackingChanged: (p: EventParams) => `Tracking changed to ${p.transportType} ${p.trackingNo}`,
  redeemRestored: (p: EventParams) => `${p.points} redeem points given back to the customer`,
  itemsReady: (p: EventParams) => `Ready: ${p.items}`,
  itemsNotReady: (p: EventParams) => `Not ready: ${p.items}`,
  billPrinted: (p: EventParams) => `Bill / job report ${p.documentNo} printed`,
  contacted: (p: EventParams) => `Contacted customer by ${p.channel}: ${p.note}`,
  contactDeleted: () => 'Contact note deleted',
  slipApproved: (p: EventParams) => `Payment slip #${p.slip} approved (${p.amount} THB)`,
  slipApprovedPart: (p: EventParams) =>
    `Payment slip #${p.slip} approved (${p.amount} THB): ${p.paid} of ${p.total} THB paid, ${p.owed} THB still owed`,
  slipRejected: (p: EventParams) => `Payment slip #${p.slip} rejected${tail(': ', p.note)}`,
  slipUploaded: (p: EventParams) => `Payment slip #${p.slip} uploaded (${p.amount} THB)`,
  slipReplaced: (p: EventParams) => `Payment slip #${p.slip} replaced by #${p.by}`,
  poRequested: (p: EventParams) => `Purchase order ${p.poNo} requested (${p.count} items)`,
  poIssued: (p: EventParams) => `Purchase order ${p.poNo}: issued`,
  poCancelled: (p: EventParams) => `Purchase order ${p.poNo}: cancelled${tail(': ', p.reason)}`,
  poRestored: (p: EventParams) => `Purchase order ${p.poNo}: restored`,
  transferRequested: (p: EventParams) => `Stock transfer ${p.transferNo} requested`,
  transferCancelAsked: (p: EventParams) => `Transfer ${p.transferNo} asked to cancel${tail(': ', p.reason)}`,
  transferCancelled: (p: EventParams) => `Transfer ${p.transferNo} cancelled${tail(': ', p.reason)}`,
  transferCleared: (p: EventParams) => `Transfer ${p.transferNo} cleared (goods arrived)`,
  claimFiled: (p: EventParams) =>
    `${p.kind === 'return' ? 'Return' : 'Claim'} ${p.claimNo} filed${tail(' ', p.qty === undefined ? undefined : `(${p.qty} pcs)`)}`,
  claimMoved: (p: EventParams) => `Claim ${p.claimNo}: ${p.from} → ${p.to}${tail(' — ', p.resolution)}`,
} satisfies Record<string, (p: EventParams) => string>;

export type EventCode = keyof typeof ENGLISH;
export const EVENT_CODES = Object.keys(ENGLISH) as EventCode[];

export interface EventText {
  message: string;
  data: { code: EventCode; params: EventParams };
}

/** An event's words: its code and values, and the English they make. Empty values are left out. */
export function said(code: EventCode, params: Record<string, string | number | null | undefined> = {}): EventText {
  const kept = Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as EventParams;
  return { message: ENGLISH[code](kept), data: { code, params: kept } };
}
