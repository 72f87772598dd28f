/** Helpers the product's extra panels share. */

/** A whole list in the legacy list shape. */
export const all = <T>(items: T[]) => ({ items, total: items.length, maxpage: items.length ? 1 : 0 });
