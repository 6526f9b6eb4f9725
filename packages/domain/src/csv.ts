/*
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF (LF and a last record
 * without a line end are read too), a field holding a comma, a quote or a line end is quoted and
 * its quotes doubled. The catalogue's import and export files use it (docs/import-format.md).
 */

/** Where a CSV text cannot be read: an unclosed quote, or text after a closing quote. */
export class CsvError extends Error {
  readonly reason: 'unclosedQuote' | 'textAfterQuote';
  /** The record (1 = the first line) where it happened. */
  readonly record: number;
  constructor(reason: 'unclosedQuote' | 'textAfterQuote', record: number) {
    super(`CSV ${reason} in record ${record}`);
    this.reason = reason;
    this.record = record;
  }
}

/**
 * The records of `text`, each a list of fields. A byte-order mark at the start is dropped, empty
 * lines are skipped (a file ending in a line end has no empty last record). Throws CsvError.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quotedField = false;
  const endRecord = () => {
    record.push(field);
    // A line with nothing on it is no record.
    if (!(record.length === 1 && record[0] === '' && !quotedField)) records.push(record);
    record = [];
    field = '';
    quotedField = false;
  };
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"' && field === '' && !quotedField) {
      // A quoted field: read up to its closing quote, `""` being one quote.
      quotedField = true;
      i++;
      let start = i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) throw new CsvError('unclosedQuote', records.length + 1);
        if (text[q + 1] === '"') {
          field += text.slice(start, q + 1);
          i = q + 2;
          start = i;
          continue;
        }
        field += text.slice(start, q);
        i = q + 1;
        break;
      }
      const next = text[i];
      if (i < n && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvError('textAfterQuote', records.length + 1);
      }
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      quotedField = false;
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      // Plain text up to the next separator, in one slice.
      let j = i;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 44 || d === 10 || d === 13) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0 || quotedField) endRecord();
  return records;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field as CSV writes it: quoted only when it must be. */
export const csvField = (value: string): string =>
  NEEDS_QUOTES.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;

/** Records as CSV text, CRLF after each (RFC 4180). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((r) => r.map(csvField).join(',') + '\r\n').join('');
}
