// Number rules of spec section 5: the numeric check and the display format.

/** Finite numbers or strings that parse as one; blank strings are not numeric. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') {
    if (value.trim() === '') return false;
    return Number.isFinite(Number(value));
  }
  return false;
}

/** '-' stays '-', thousands grouped by comma, `decimals` places (1 by default); non-numeric input is returned as given. */
export function formatNumber(value: unknown, decimals = 1): string {
  if (value === '-') return '-';
  if (value === null || value === undefined || value === '') return '';
  if (!isNumeric(value)) return String(value);
  const n = Number(value);
  const fixed = Math.abs(n).toFixed(decimals);
  const [intPart, fraction] = fixed.split('.');
  const grouped = (intPart ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}
