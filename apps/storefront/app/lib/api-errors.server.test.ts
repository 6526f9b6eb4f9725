import { describe, expect, it } from 'vitest';
import { ApiError } from '@shop/contract';
import { pageErrorFor } from './api-errors.server.ts';

const busy = (detail: string, code?: 'busy') =>
  new ApiError(503, code ? { detail, code } : { detail }, 'GET', '/it/api/organizations/info/');

describe('pageErrorFor, the shop busy (decision 0088)', () => {
  it('shows the API’s busy words on a page that was read', () => {
    const shown = pageErrorFor('it')(busy('Il negozio è molto occupato.', 'busy'));
    expect(shown).toMatchObject({ data: 'Il negozio è molto occupato.', init: { status: 503 } });
  });

  it('tells a form post refused busy before its action ran that nothing was done', () => {
    const shown = pageErrorFor('it', 'POST')(busy('Il negozio è molto occupato.', 'busy'));
    expect(shown).toMatchObject({
      data: 'Il negozio è molto occupato in questo momento, quindi non è stato fatto nulla: niente è stato aggiunto, modificato o ordinato. Riprova tra poco.',
      init: { status: 503 },
    });
  });

  it('claims nothing for a 503 without the busy code (the database away)', () => {
    const shown = pageErrorFor('it', 'POST')(busy('Il negozio non è disponibile.'));
    expect(shown).toMatchObject({ data: 'Il negozio non è disponibile.', init: { status: 503 } });
  });
});
