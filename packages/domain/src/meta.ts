import { META_DESCRIPTION_MAX_LENGTH } from './constants.ts';

/** "Page titles follow the pattern 'title | shop title'"; an empty side is left out rather than leaving a dangling bar. */
export function pageTitle(
  title: string | null | undefined,
  shopTitle: string | null | undefined,
  /** The title of a page without one of its own (the home page): the shop's default title. */
  fallback?: string | null,
): string {
  const t = (title ?? '').trim() || (fallback ?? '').trim();
  const shop = (shopTitle ?? '').trim();
  if (!t || t === shop) return shop;
  if (!shop) return t;
  return `${t} | ${shop}`;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// Descriptions usually come from rich-text fields, so entities must not leak into <meta>.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * "Meta description cut at 260 characters" (UTF-16 units, the unit search engines and String#length use),
 * after stripping tags and collapsing whitespace; a cut never splits a surrogate pair such as an emoji.
 */
export function metaDescription(
  text: string | null | undefined,
  maxLength: number = META_DESCRIPTION_MAX_LENGTH,
): string {
  const plain = decodeEntities(
    (text ?? '')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxLength) return plain;
  const end = isHighSurrogate(plain.charCodeAt(maxLength - 1)) ? maxLength - 1 : maxLength;
  return plain.slice(0, end).trimEnd();
}

/** "Vendor list page is at least 1": anything that is not a positive integer (or its string form) is page 1. */
export function vendorPage(input: unknown): number {
  const raw = Array.isArray(input) ? (input as unknown[])[0] : input;
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) n = Number(raw);
  else return 1;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** "The page number parameter is dropped from the query when it equals 1", so page 1 has one canonical URL. */
export function vendorPageQuery(
  page: unknown,
  query: Readonly<Record<string, string>>,
): Record<string, string> {
  const rest: Record<string, string> = { ...query };
  delete rest['page'];
  const n = vendorPage(page);
  return n === 1 ? rest : { ...rest, page: String(n) };
}
