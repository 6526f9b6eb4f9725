// Issue 11: the per-address request limit (RATE_LIMIT_PER_MINUTE) refusing a page answers the
// shop's error screen (429, translated, Retry-After), not the API's JSON; the API keeps its JSON
// 429. A shop of its own with a low limit (the suite's shop has none: every test is one address).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './pages.ts';
import { answering, spawnShop, stopShop, type Shop } from './shop-process.ts';

const LIMIT = 4;
const browser = useBrowser();
let shop: Shop | undefined;
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-limit-'));
  shop = await spawnShop(dataDir, { RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  await answering(shop);
}, 180_000);

afterAll(async () => {
  await stopShop(shop);
  await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
});

describe('the per-address request limit on pages', () => {
  it("refuses pages with the shop's translated error screen and the API with JSON", async () => {
    const url = shop?.url ?? '';
    // The probe that saw the shop answer counted too; the page is served until the limit.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await fetch(`${url}/de/products/`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toContain(200);
    expect(statuses.at(-1)).toBe(429);

    const page = await fetch(`${url}/de/products/`);
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain(
      'Zu viele Anfragen von Ihrer Adresse. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    );

    const api = await fetch(`${url}/de/api/products/products/`);
    expect(api.status).toBe(429);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await api.json()).toEqual({
      detail:
        'Zu viele Anfragen von Ihrer Adresse. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    });

    // The build's files are not counted: the refusal screen (and the next page) keeps its styles.
    const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(styles.length).toBeGreaterThan(0);
    for (const href of [...styles, '/favicon.svg']) {
      const file = await fetch(`${url}${href}`);
      await file.arrayBuffer();
      expect(file.status, href).toBe(200);
    }

    // In a browser: the error screen, in Russian for a Russian page.
    const tab = await browser.page();
    const response = await tab.goto(`${url}/ru/`);
    expect(response?.status()).toBe(429);
    await tab.getByRole('heading', { level: 1, name: '429' }).waitFor();
    await tab
      .getByText('Слишком много запросов с вашего адреса. Подождите немного и попробуйте снова.')
      .waitFor();
    expect(await tab.getAttribute('html', 'lang')).toBe('ru');
  });
});
