// Issue 24 (pictures in the back office) and issue 26 (media any machine can serve): a staff
// member uploads a picture to a product, and the product page (kept by the page cache for a
// visitor before) shows it at once, served from the database; a text file named .jpg is refused
// with the message at the field; the picture moves and is removed. With and without JavaScript,
// at 360 and 1280 px, with axe.
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, hydrated, inStockProduct, NARROW, useBrowser, WIDE } from './pages.ts';

const browser = useBrowser();

/** Clicks a button and waits for the status it should announce; a refusal fails with its text. */
async function submit(page: Page, button: ReturnType<Page['getByRole']>, result: string) {
  await button.click();
  const done = page.getByRole('status').filter({ hasText: result });
  const refused = page.getByRole('alert');
  await done.or(refused).first().waitFor();
  if (await refused.count()) throw new Error(`${result}: ${await refused.first().textContent()}`);
}

/** The product page's picture whose address names `hash`: its URL answers a picture. */
async function pictureOnPage(page: Page, hash: string) {
  const img = page.locator(`img[src*="${hash}"], img[srcset*="${hash}"]`).first();
  await img.waitFor({ state: 'attached' });
  const src = (await img.getAttribute('src')) ?? '';
  const res = await page.request.get(new URL(src, baseURL).href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
}

describe('product pictures in the back office', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW, 30],
    ['without JavaScript at 1280 px', false, WIDE, 31],
  ])(
    'staff upload a picture and the product page shows it (%s)',
    async (_name, js, viewport, skip) => {
      const product = await inStockProduct(skip);
      const productUrl = `${baseURL}/en${product.slugUri}`;
      // A visitor's product page, kept by the page cache before the change.
      const visitor = await browser.visitor({ viewport });
      await visitor.goto(productUrl);
      await visitor.goto(productUrl);

      const page = await browser.staffPage(js, viewport);
      await page.goto(`${baseURL}/en/staff/products/${product.id}/pictures/`);
      await page.getByRole('heading', { level: 1, name: `Pictures of ${product.title}` }).waitFor();
      if (js) await hydrated(page);
      expect(await page.getByRole('link', { name: 'Edit the product' }).getAttribute('href')).toBe(
        `/en/staff/products/${product.id}/`,
      );
      await browser.checkScreen(page, js);
      const pictures = () =>
        page
          .getByRole('listitem')
          .filter({ hasText: /^Picture \d+ of/ })
          .count();
      const before = await pictures();

      // A text file named .jpg: refused at the field, nothing added.
      const file = page.getByLabel('Picture file');
      await file.setInputFiles({
        name: 'holiday.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('These are words, not a picture.\n'),
      });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'This file is not a picture. Choose a JPEG, PNG, WebP or AVIF image.' })
        .waitFor();
      expect(await pictures()).toBe(before);
      await browser.checkScreen(page, js);

      // A real photo-sized picture (noise does not compress: over 1 MB, past the limit of the
      // shop's other forms), its address naming its content's hash.
      const bytes = await sharp(randomBytes(800 * 800 * 3), {
        raw: { width: 800, height: 800, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(bytes.length).toBeGreaterThan(1024 * 1024);
      const hash = createHash('sha256').update(bytes).digest('hex');
      await page
        .getByLabel('Picture file')
        .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: bytes });
      await submit(page, page.getByRole('button', { name: 'Upload' }), 'The picture was added.');
      const count = before + 1;
      const added = page.getByRole('listitem').filter({ hasText: `Picture ${count} of ${count}` });
      await added.getByRole('img').waitFor();
      expect(await added.getByRole('img').getAttribute('src')).toContain(hash);
      await browser.checkScreen(page, js);

      // At once on the product page the visitor was kept, from the database-backed media URL.
      await visitor.goto(productUrl);
      await pictureOnPage(visitor, hash);
      const original = await visitor.request.get(
        `${baseURL}/media/uploads/products/${product.id}/${hash}.png`,
      );
      expect(original.status()).toBe(200);
      expect(original.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await original.body()).equals(bytes)).toBe(true);

      // Moved up one place, then removed (the product as it was for the next run).
      if (count > 1) {
        const group = page.getByRole('group', { name: `Picture ${count} of ${count}` });
        await submit(
          page,
          group.getByRole('button', { name: 'Move up' }),
          'The order of the pictures was changed.',
        );
        const moved = page
          .getByRole('listitem')
          .filter({ hasText: `Picture ${count - 1} of ${count}` })
          .getByRole('img');
        expect(await moved.getAttribute('src')).toContain(hash);
        await submit(
          page,
          page
            .getByRole('group', { name: `Picture ${count - 1} of ${count}` })
            .getByRole('button', { name: 'Remove' }),
          'The picture was removed.',
        );
      } else {
        await submit(
          page,
          page
            .getByRole('group', { name: `Picture 1 of 1` })
            .getByRole('button', { name: 'Remove' }),
          'The picture was removed.',
        );
      }
      // The status line comes with the list it speaks of (not before the list is loaded again).
      expect(await pictures()).toBe(before);
      await visitor.goto(productUrl);
      expect(await visitor.locator(`img[src*="${hash}"]`).count()).toBe(0);
    },
    120_000,
  );
});
