/**
 * The order state machine (also published in OpenAPI through the route descriptions and
 * docs/api/orders.md). Every status change goes through `nextStatuses` and a conditional
 * UPDATE ... WHERE status = <from>, so a concurrent change makes the loser fail with 409.
 *
 *   pending_payment → paid → preparing → ready_to_ship → shipped → delivered → completed
 *   pending_payment | paid | preparing | ready_to_ship → cancelled   (cancel until shipped)
 *   claims / returns: on delivered or completed orders
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'preparing',
  'ready_to_ship',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['preparing', 'cancelled'],
  preparing: ['ready_to_ship', 'cancelled'],
  ready_to_ship: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
};

/** The steps a supplier takes on its own orders through changestatusorder (shipping has its own verb; payment is the marketplace's). */
export const SUPPLIER_STEPS: OrderStatus[] = ['preparing', 'ready_to_ship'];

export const CLAIMABLE: OrderStatus[] = ['delivered', 'completed'];
/** Items can be marked ready while the order is being prepared. */
export const ITEM_READY_STATUSES: OrderStatus[] = ['paid', 'preparing'];
export const OPEN_STATUSES: OrderStatus[] = ['pending_payment', 'paid', 'preparing', 'ready_to_ship', 'shipped'];

/** The timestamp column each target status sets. */
export const STATUS_TIMESTAMP: Partial<
  Record<OrderStatus, 'paidAt' | 'shippedAt' | 'deliveredAt' | 'completedAt' | 'cancelledAt'>
> = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
};

export function nextStatuses(from: string): OrderStatus[] {
  return TRANSITIONS[from as OrderStatus] ?? [];
}
export function canTransition(from: string, to: string): boolean {
  return nextStatuses(from).includes(to as OrderStatus);
}

export const STATE_MACHINE_DOC =
  'Order state machine: pending_payment → paid → preparing → ready_to_ship → shipped → delivered → completed; ' +
  'cancelled from pending_payment, paid, preparing or ready_to_ship (cancel until shipped); claims on delivered/completed. ' +
  'An illegal or concurrent (stale) change answers 409.';

/** Claims: filed → reviewing → approved | rejected; approved → resolved. */
export const CLAIM_STATUSES = ['filed', 'reviewing', 'approved', 'rejected', 'resolved'] as const;
export const CLAIM_TRANSITIONS: Record<string, string[]> = {
  filed: ['reviewing', 'rejected'],
  reviewing: ['approved', 'rejected'],
  approved: ['resolved'],
  rejected: [],
  resolved: [],
};

export const SLIP_STATUSES = ['pending', 'approved', 'rejected', 'replaced'] as const;
export const PO_STATUSES = ['requested', 'issued', 'cancelled'] as const;
export const TRANSFER_STATUSES = ['requested', 'cancel_requested', 'cancelled', 'cleared'] as const;
