import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, holdScripts, hydrated, NARROW, useBrowser, withConsent } from './pages.ts';

type Card = { id: number; title: string; slug: string; slugUri: string };
type List = { count: number; results: Card[] };
type FilterAttribute = {
  id: number;
  title: string;
  values: { id: number; title: string; products: number[] }[];
};

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${baseURL}/en/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

const browser = useBrowser();

const open = (path: string, options: Parameters<typeof browser.page>[0] = {}) =>
  browser.open(path, options);

/** The titles of the product cards on the page, in order. */
const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 }).allTextContents();

describe('product list', () => {
  it('filters by two values of one attribute (any of) and one of another (and)', async () => {
    const attributes = await api<FilterAttribute[]>('products/get_filters_attributes/');
    const [first, second] = attributes;
    const a1 = first!.values[0]!;
    const a2 = first!.values[1]!;
    const b = second!.values.find((v) =>
      v.products.some((id) => a1.products.includes(id) || a2.products.includes(id)),
    )!;
    const page = await open('/en/products/');
    await page.getByRole('checkbox', { name: a1.title, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('values__id').includes(String(a1.id)));
    await page.getByRole('checkbox', { name: a2.title, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('values__id').length === 2);
    await page.getByRole('checkbox', { name: b.title, exact: true }).check();
    await page.waitForURL((url) => url.searchParams.getAll('values__id').length === 3);

    const expected = await api<List>(`products/products/?values__id=${a1.id},${a2.id},${b.id}`);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'product' }).textContent())
      .toContain(String(expected.count));
    await expect.poll(() => cardTitles(page)).toEqual(expected.results.map((r) => r.title));
    // Any-of within an attribute, intersection across: every shown product has a1 or a2, and b.
    const union = new Set([...a1.products, ...a2.products]);
    expect(expected.results.every((r) => union.has(r.id) && b.products.includes(r.id))).toBe(true);
  });

  it('narrows by a price range and resets it to the full range', async () => {
    const range = await api<{ min: number; max: number }>('products/products/price_range/');
    const page = await open(`/en/products/?price__lte=${Math.floor(range.max / 4)}`);
    const limited = await api<List>(`products/products/?price__lte=${Math.floor(range.max / 4)}`);
    await expect.poll(() => cardTitles(page)).toEqual(limited.results.map((r) => r.title));
    // The filter form moves from its no-JavaScript <details> into the sheet on hydration: a
    // click that spans that moment lands on no link.
    await hydrated(page);
    await page.getByRole('link', { name: 'Reset price range' }).click();
    await page.waitForURL((url) => !url.searchParams.has('price__lte'));
    const all = await api<List>('products/products/');
    await expect.poll(() => cardTitles(page)).toEqual(all.results.map((r) => r.title));
    // The slider spans the whole range again.
    await expect
      .poll(() => page.getByRole('slider', { name: /Maximum price/ }).inputValue())
      .toBe(String(range.max));
  });

  it('sorts by price, highest first', async () => {
    const page = await open('/en/products/');
    // The filter form is swapped from its no-JavaScript <details> into the sheet on hydration.
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-price');
    await page.waitForURL((url) => url.searchParams.get('sort') === '-price');
    const expected = await api<List>('products/products/?sort=-price');
    await expect.poll(() => cardTitles(page)).toEqual(expected.results.map((r) => r.title));
  });

  it('goes to page 2 and back', async () => {
    const page = await open('/en/products/');
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const second = await api<List>('products/products/?page=2');
    await expect.poll(() => cardTitles(page)).toEqual(second.results.map((r) => r.title));
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Previous' })
      .click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
  });

  it('loads a filtered, sorted URL without JavaScript, and the form still works', async () => {
    const attributes = await api<FilterAttribute[]>('products/get_filters_attributes/');
    const value = attributes[0]!.values[0]!;
    const page = await open(`/en/products/?values__id=${value.id}&sort=price`, {
      javaScriptEnabled: false,
    });
    const expected = await api<List>(`products/products/?values__id=${value.id}&sort=price`);
    await expect.poll(() => cardTitles(page)).toEqual(expected.results.map((r) => r.title));
    await expect
      .poll(() => page.getByRole('checkbox', { name: value.title, exact: true }).isChecked())
      .toBe(true);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-price');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-price');
    const resorted = await api<List>(`products/products/?values__id=${value.id}&sort=-price`);
    await expect.poll(() => cardTitles(page)).toEqual(resorted.results.map((r) => r.title));
  });
});

describe('product page', () => {
  it('opens a product from the list, with its price and a 200', async () => {
    const first = (await api<List>('products/products/')).results[0]!;
    const page = await open('/en/products/');
    await page.getByRole('link', { name: first.title, exact: true }).first().click();
    await page.waitForURL(`${baseURL}/en${first.slugUri}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(first.title);
    const ld = async () =>
      JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as { '@type'?: string; offers?: { price: string; url: string } };
    await expect.poll(ld).toMatchObject({ '@type': 'Product' });
    expect(Number((await ld()).offers?.price)).toBeGreaterThan(0);
    // The offer's URL is this very page (with its language), one that answers 200.
    const offerUrl = (await ld()).offers?.url ?? '';
    expect(new URL(offerUrl).pathname).toBe(`/en${first.slugUri}`);
    expect((await page.request.get(offerUrl)).status()).toBe(200);
  });

  it('picks a variation by its attribute value', async () => {
    type Value = { id: number; title: string; attribute: { title: string } };
    type Detail = Card & { values: Value[]; variations: (Card & { values: Value[] })[] };
    const list = await api<List>('products/products/?page_size=100');
    let found: { parent: Detail; value: Value; variation: Card } | undefined;
    for (const card of list.results) {
      const detail = await api<Detail>(`products/products/${card.id}/detail_view/`);
      const own = new Set(detail.values.map((v) => v.id));
      for (const variation of detail.variations.filter((v) => v.id !== detail.id)) {
        const value = variation.values.find((v) => !own.has(v.id));
        if (value) {
          found = { parent: detail, value, variation };
          break;
        }
      }
      if (found) break;
    }
    if (!found) throw new Error('the demo shop has no product with variations');
    const { parent, value, variation } = found;
    const page = await open(`/en${parent.slugUri}`);
    const group = page.getByRole('group', { name: value.attribute.title });
    await group.getByRole('link', { name: value.title, exact: true }).click();
    await page.waitForURL(`${baseURL}/en${variation.slugUri}`);
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: value.attribute.title })
          .locator('[aria-current="true"]')
          .textContent(),
      )
      .toBe(value.title);
  });

  it('shows the sticky add-to-cart bar once the buy box is scrolled away', async () => {
    const first = (await api<List>('products/products/')).results[0]!;
    const page = await open(`/en${first.slugUri}`, { viewport: NARROW });
    // Hidden from the accessibility tree until it slides in, so found by its label.
    const bar = page.locator('section[aria-label="Add to cart"]');
    await expect.poll(() => bar.getAttribute('aria-hidden')).toBe('true');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => bar.getAttribute('aria-hidden')).toBe('false');
    await expect
      .poll(() => bar.getByRole('button', { name: /Add to cart|Sold out/ }).isVisible())
      .toBe(true);
  });

  it('shows the product’s reviews after the page', async () => {
    const reviews = await api<{ results: { text: string; product: number }[] }>(
      'products/reviews/?sorting=-creation_date&page_size=1',
    );
    const review = reviews.results[0]!;
    const product = await api<Card>(`products/products/${review.product}/`);
    const page = await open(`/en${product.slugUri}`);
    await page.getByRole('heading', { level: 2, name: 'Product reviews' }).waitFor();
    await page.getByText(review.text).waitFor();
  });

  it('answers an unknown product with the 404 screen', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/en/products/no-such-thing-999999/`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! This Page Could Not Be Found' }).waitFor();
  });
});

describe('images', () => {
  it('asks for every picture with a width and height, and gets WebP or AVIF back', async () => {
    const page = await open('/en/products/');
    const urls = await page.locator('img').evaluateAll((images) =>
      images.flatMap((img) => {
        const i = img as unknown as {
          currentSrc: string;
          srcset: string;
          width: number;
          height: number;
        };
        return [
          i.currentSrc,
          ...i.srcset.split(',').map((c) => c.trim().split(' ')[0] ?? ''),
        ].filter(Boolean);
      }),
    );
    const media = urls.filter((u) => u.includes('/media/'));
    expect(media.length).toBeGreaterThan(12);
    for (const url of media) {
      const query = new URL(url, baseURL).searchParams;
      expect(query.get('width'), url).toMatch(/^\d+$/);
      expect(query.get('height'), url).toMatch(/^\d+$/);
    }
    const res = await fetch(new URL(media[0]!, baseURL), {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(res.headers.get('content-type')).toMatch(/image\/(avif|webp)/);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
  });

  it('reserves each picture’s space before it loads (width and height attributes)', async () => {
    const page = await open('/en/products/');
    const missing = await page
      .locator('main img')
      .evaluateAll(
        (images) =>
          images
            .map((img) => img as unknown as { getAttribute(name: string): string | null })
            .filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).length,
      );
    expect(missing).toBe(0);
  });
});

describe('search', () => {
  it('searches from the header and lists the matches', async () => {
    const page = await open('/en/');
    const box = page.getByRole('combobox', { name: /Search/ }).first();
    await box.fill('linen');
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/en/products/' && url.searchParams.get('query') === 'linen',
    );
    const expected = await api<List>('products/products/search?query=linen');
    await page.getByRole('heading', { level: 1, name: /linen/ }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByRole('list')
          .getByRole('heading', { level: 2 })
          .allTextContents(),
      )
      .toEqual(expected.results.map((r) => r.title));
  });

  it('keeps words typed before the scripts ran, and suggests for them once they run', async () => {
    const page = await browser.page();
    await withConsent(page);
    // Hold the page's scripts until the shopper has typed into the server-rendered box.
    const release = await holdScripts(page);
    await page.goto(`${baseURL}/en/`, { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('combobox', { name: /Search/ }).first();
    await box.pressSequentially('linen', { delay: 10 });
    release();
    await hydrated(page);
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    expect(await box.inputValue()).toBe('linen');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('query') === 'linen');
  });

  it('suggests products while typing, even misspelt, and opens the chosen one', async () => {
    const page = await open('/en/');
    const box = page.getByRole('combobox', { name: /Search/ }).first();
    await box.pressSequentially('lnen shrt', { delay: 30 });
    const option = page.getByRole('option').first();
    await expect.poll(() => option.textContent()).toMatch(/Linen Shirt/i);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/en\/products\/[a-z0-9-]+-\d+\/$/);
  });
});
