import { describe, expect, it } from 'vitest';
import { readRefusal } from './refusal.ts';

describe('readRefusal', () => {
  it("reads the server's status and message", () => {
    expect(readRefusal(`429 ${encodeURIComponent('Слишком много запросов.')}`)).toEqual({
      status: 429,
      detail: 'Слишком много запросов.',
    });
    expect(readRefusal('405')).toEqual({ status: 405, detail: null });
  });

  it('is no refusal without the header, or with anything but an error status', () => {
    expect(readRefusal(null)).toBeNull();
    expect(readRefusal('200 fine')).toBeNull();
    expect(readRefusal('refused')).toBeNull();
  });

  it('drops a message that is not valid percent-encoding', () => {
    expect(readRefusal('413 %E0%A4%A')).toEqual({ status: 413, detail: null });
  });
});
