// Issue 24, the catalogue import in the browser: a file with one bad row is refused with that row
// and column named and nothing changed; the corrected file is imported and the result shown.
// With JavaScript (the file goes to the API, whose streamed progress fills the bar) and without
// (the form posts to the page's action), at 360 and 1280 px, with axe.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, hydrated, NARROW, useBrowser, WIDE } from './pages.ts';

const browser = useBrowser();

type ExportedRow = { slug: string; vendor: string; vat: string };

async function exportedRows(page: Page): Promise<ExportedRow[]> {
  const res = await page.request.get(`${baseURL}/en/api/staff/catalogue/export/?format=json`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rows: ExportedRow[] }).rows;
}

/** A CSV of a hidden product and its variation; `price` of the variation (row 3) as given. */
function fileOf(prefix: string, shop: ExportedRow, price: string) {
  return [
    'slug,parent,vendor,price,vat,stock,active,title_en,title_de',
    `${prefix},,${shop.vendor},10.00,${shop.vat},5,false,Import test ${prefix},Importtest`,
    `${prefix}-v,${prefix},${shop.vendor},"${price}",${shop.vat},,false,"Import test, variation",`,
  ].join('\n');
}

async function upload(page: Page, name: string, content: string) {
  await page.getByLabel('Catalogue file (CSV or JSON)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await page.getByRole('button', { name: 'Check and import' }).click();
}

describe('the catalogue import page', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
    ['with JavaScript at 1280 px', true, WIDE],
    ['without JavaScript at 360 px', false, NARROW],
  ])(
    'refuses a file with one bad row, naming it, then imports the corrected file (%s)',
    async (_name, js, viewport) => {
      const page = await browser.staffPage(js, viewport);
      page.setDefaultTimeout(20_000);
      const [shop] = await exportedRows(page);
      const prefix = `import-e2e-${randomUUID().slice(0, 8)}`;

      await page.goto(`${baseURL}/en/staff/import/`);
      await page.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor();
      if (js) await hydrated(page);
      await browser.checkScreen(page, js);

      await upload(page, 'catalogue.csv', fileOf(prefix, shop!, '12,50'));
      const refusal = page.getByRole('alert');
      await refusal.getByText('Errors in the file: 1. Nothing was changed.').waitFor();
      // The header is row 1: the variation is row 3.
      const row = refusal.getByRole('row').filter({ hasText: 'price' });
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        '3',
        'price',
        'The price must be a number with at most two decimals, such as 12.50',
      ]);
      await browser.checkScreen(page, js);
      expect((await exportedRows(page)).some((r) => r.slug.startsWith(prefix))).toBe(false);

      // With JavaScript the page asks the API for its streamed progress (the bar), then the result
      // (the stream's lines: catalogue-import.test.ts).
      const streamed = js
        ? page.waitForResponse((r) => r.url().includes('/api/staff/catalogue/import/'))
        : undefined;
      await upload(page, 'catalogue.csv', fileOf(prefix, shop!, '12.50'));
      if (streamed) {
        const response = await streamed;
        expect(response.headers()['content-type']).toContain('application/x-ndjson');
      }
      await page
        .getByRole('status')
        .filter({ hasText: 'Imported 2 rows: 2 created, 0 updated, 0 unchanged.' })
        .waitFor();
      await browser.checkScreen(page, js);
      const slugs = (await exportedRows(page)).map((r) => r.slug);
      expect(slugs).toContain(prefix);
      expect(slugs).toContain(`${prefix}-v`);
    },
    120_000,
  );

  it('offers the export as CSV and JSON', async () => {
    const page = await browser.staffPage(true, WIDE);
    await page.goto(`${baseURL}/en/staff/import/`);
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const res = await page.request.get(`${baseURL}${href}`);
    expect(res.headers()['content-type']).toContain('text/csv');
    expect((await res.text()).split('\r\n')[0]).toMatch(/^slug,parent,vendor,sku,price,vat,stock/);
    const jsonHref = await page.getByRole('link', { name: 'Download JSON' }).getAttribute('href');
    const json = await page.request.get(`${baseURL}${jsonHref}`);
    expect(((await json.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });
});

describe('the file field', () => {
  // Issue 26: Chromium's own file input says "Choose file / No file chosen" in English on every
  // page. The shop's field speaks the page's language; the native input still submits (without
  // JavaScript too) and takes the keyboard.
  it.each([
    ['de', true, 'Katalogdatei (CSV oder JSON)', 'Datei auswählen', 'Keine Datei ausgewählt'],
    ['ru', false, 'Файл каталога (CSV или JSON)', 'Выбрать файл', 'Файл не выбран'],
    ['it', true, 'File del catalogo (CSV o JSON)', 'Scegli un file', 'Nessun file scelto'],
  ] as const)(
    'in %s (JavaScript: %s): localized, keyboard-reachable, shows the chosen file',
    async (locale, js, label, choose, none) => {
      const page = await browser.staffPage(js, WIDE);
      await page.goto(`${baseURL}/${locale}/staff/import/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (js) await hydrated(page);
      const input = page.getByLabel(label);
      expect(await input.getAttribute('type')).toBe('file');
      // The native control is there but not seen: the browser's English never shows.
      const box = await input.boundingBox();
      expect(box && box.width <= 1 && box.height <= 1).toBe(true);
      const button = page.getByText(choose, { exact: true });
      expect(await button.isVisible()).toBe(true);
      expect(await page.getByText(none, { exact: true }).isVisible()).toBe(true);

      // The keyboard reaches the input; its focus shows on the button.
      await input.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(
        await input.evaluate(
          (el) =>
            el ===
            (globalThis as unknown as { document: { activeElement: unknown } }).document
              .activeElement,
        ),
      ).toBe(true);
      expect(
        await button.evaluate(
          (el) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { outlineStyle: string } }
            ).getComputedStyle(el).outlineStyle,
        ),
      ).not.toBe('none');
      // The focused control is the browser's own file input, which Space opens (the dialog itself
      // is the browser's: it opened only now and then in a headless run, so the file is set).
      await input.setInputFiles({
        name: 'mein-katalog.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('slug\n'),
      });
      // With JavaScript the file's name; without, that a file is chosen (the input's validity).
      const chosen = js ? 'mein-katalog.csv' : 'Файл выбран';
      await page.getByText(chosen, { exact: true }).waitFor();
      expect(await page.getByText(none, { exact: true }).isVisible()).toBe(false);
      await browser.checkScreen(page, js);
    },
  );
});
