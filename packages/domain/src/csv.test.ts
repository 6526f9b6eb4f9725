import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, toCsv } from './csv.ts';

describe('CSV (RFC 4180)', () => {
  it.each([
    [
      'plain fields, CRLF',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'LF and no last line end',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    [
      'quoted comma, quote and line end',
      '"a,b","say ""hi""","x\ny"\n',
      [['a,b', 'say "hi"', 'x\ny']],
    ],
    ['a byte-order mark', '\uFEFFslug\nx\n', [['slug'], ['x']]],
    ['empty lines skipped', 'a\n\n\nb\n', [['a'], ['b']]],
    ['a quoted empty field is a record', '""\n', [['']]],
  ])('reads %s', (_name, text, records) => {
    expect(parseCsv(text)).toEqual(records);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the record', () => {
    expect(() => parseCsv('a\n"b')).toThrow(CsvError);
    try {
      parseCsv('a\nb\n"c"d\n');
    } catch (error) {
      expect(error).toMatchObject({ reason: 'textAfterQuote', record: 3 });
    }
  });

  it('writes what it reads back unchanged', () => {
    const records = [
      ['slug', 'title_en', 'description_en'],
      ['mug', 'Mug, "big"', 'line one\nline two'],
      ['plate', ' padded ', ''],
    ];
    const text = toCsv(records);
    expect(text).toContain('"Mug, ""big"""');
    expect(parseCsv(text)).toEqual(records);
  });
});
