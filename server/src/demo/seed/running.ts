/**
 * How long the demo's running sales, deals, coupons and campaigns stay open after the seed's reference date. The
 * demo is opened weeks and months after that date; one whose sales have all ended shows a marketplace with nothing
 * running (and the checkout's flash-sale price cannot be tried).
 */
export const RUNNING_DAYS = 2 * 365;
