// API money is a JSON number with at most 2 decimals. Every computation here runs on
// integer cents (and percentages on integer hundredths) so binary floating-point error
// (0.1 + 0.2, 4.35 * 100, 1.005) never reaches a displayed price.

// A double holds ~15-17 significant digits; printing with 15 drops float noise such as
// 0.30000000000000004 while keeping every digit of a realistic price.
const SIGNIFICANT_DIGITS = 15;

function assertFinite(n: number, what: string): void {
  if (!Number.isFinite(n)) {
    throw new RangeError(`${what} must be a finite number, got ${String(n)}`);
  }
}

// Shifting through the exponent of the decimal string avoids a float multiplication:
// 1.005 * 100 is 100.49999999999999, while Number('1.005e2') is exactly 100.5.
function shiftDecimal(n: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = n.toPrecision(SIGNIFICANT_DIGITS).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

// Half-up for positives, mirrored for negatives (a refund rounds like the charge it undoes).
// Math.round rounds -2.5 to -2, which would break that symmetry.
function roundHalfAwayFromZero(x: number): number {
  const abs = Math.abs(x);
  const floor = Math.floor(abs);
  const rounded = abs - floor >= 0.5 ? floor + 1 : floor;
  return rounded === 0 ? 0 : Math.sign(x) * rounded;
}

/** Integer division of two integers, rounded half away from zero, without float division error. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator === 0) {
    throw new RangeError(`divideRoundHalfUp needs integers and a non-zero denominator`);
  }
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const a = Math.abs(numerator);
  const b = Math.abs(denominator);
  const remainder = a % b;
  const quotient = (a - remainder) / b + (remainder * 2 >= b ? 1 : 0);
  return quotient === 0 ? 0 : sign * quotient;
}

export function toCents(n: number): number {
  assertFinite(n, 'Money amount');
  return roundHalfAwayFromZero(shiftDecimal(n, 2));
}

/** Percentages carry 2 decimals (33.33 %), so they share the cents representation. */
export function toHundredths(percent: number): number {
  return toCents(percent);
}

export function fromCents(c: number): number {
  assertFinite(c, 'Cent amount');
  // Dividing an exact integer by 100 yields the double nearest the 2-decimal value,
  // i.e. the same number the literal (19.99) would give.
  const cents = Number.isInteger(c) ? c : roundHalfAwayFromZero(shiftDecimal(c, 0));
  return cents === 0 ? 0 : cents / 100;
}

export function multiplyMoney(price: number, qty: number): number {
  assertFinite(qty, 'Quantity');
  const cents = toCents(price) * qty;
  return fromCents(Number.isInteger(cents) ? cents : roundHalfAwayFromZero(shiftDecimal(cents, 0)));
}

/** amount × percent / 100, rounded half-up to 2 decimals. */
export function percentOf(amount: number, percent: number): number {
  return fromCents(divideRoundHalfUp(toCents(amount) * toHundredths(percent), 100 * 100));
}
