/*
 * Postal addresses: what a postcode looks like in each country the shop delivers to. A pattern
 * per country code (ISO 3166-1 alpha-2), checked after trimming; a country without a known
 * pattern takes any short code of letters, digits, spaces and hyphens, so adding a country to
 * the shop never blocks its orders before its pattern is written down here.
 */

export type PostcodeRule = {
  /** The whole postcode, after trimming and upper-casing. */
  pattern: RegExp;
  /** A valid postcode of the country, shown in the field error ("e.g. 10115"). */
  example: string;
};

export const POSTCODE_RULES: Readonly<Record<string, PostcodeRule>> = {
  // Germany: five digits (Postleitzahl), e.g. 10115 Berlin.
  DE: { pattern: /^\d{5}$/, example: '10115' },
  // Italy: five digits (CAP), e.g. 20121 Milano.
  IT: { pattern: /^\d{5}$/, example: '20121' },
  // Austria: four digits, e.g. 1010 Wien.
  AT: { pattern: /^\d{4}$/, example: '1010' },
  // Switzerland: four digits, e.g. 8001 Zürich.
  CH: { pattern: /^\d{4}$/, example: '8001' },
};

/** Any country without its own rule: 2 to 10 letters, digits, spaces or hyphens. */
const FALLBACK: PostcodeRule = { pattern: /^[A-Z0-9][A-Z0-9 -]{1,9}$/, example: '' };

/** The postcode as stored and compared: trimmed, inner runs of spaces made one, upper case. */
export function normalizePostcode(postcode: string): string {
  return postcode.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The rule of the country (by its code, any case), or the fallback. */
export function postcodeRule(countryCode: string): PostcodeRule {
  return POSTCODE_RULES[countryCode.trim().toUpperCase()] ?? FALLBACK;
}

/** Whether the postcode is one the country's post would accept (by shape, not by a register). */
export function isValidPostcode(countryCode: string, postcode: string): boolean {
  return postcodeRule(countryCode).pattern.test(normalizePostcode(postcode));
}
