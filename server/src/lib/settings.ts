/** A whole-number setting: unset or empty → the default; anything else below `min` or not whole stops the start. */
export function wholeNumber(name: string, value: string | undefined, dflt: number, min = 1): number {
  if (value === undefined || value === '') return dflt;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return n;
}
