// Issue 21: the OpenAPI document is served only where API_DOCS (default: not in production) says.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';

const off = useTestApp({ apiDocs: false });
const on = useTestApp({ apiDocs: true });

describe('the OpenAPI document', () => {
  it('is not served when turned off', async () => {
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs/static/index.html']) {
      expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('is served when turned on', async () => {
    const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });
});
