// The product list and search as a shopper meets them on a phone (360 px) and a desktop (1280 px):
// the filter sheet, the applied-filter chips, the price sort by the shown price, the header search.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  NARROW,
  WIDE,
  type BrowserElement,
  axeViolations,
  baseURL,
  hydrated,
  holdScripts,
  isFocused,
  useBrowser,
  withConsent,
} from './pages.ts';

type Card = {
  id: number;
  title: string;
  slugUri: string;
  price: number;
  discountPrice: number;
  discountPercent: number;
  vendor: { id: number; title: string } | null;
};
type List = { count: number; results: Card[] };
type Facet = { id: number; title: string; values: { id: number; title: string; count: number }[] };

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${baseURL}/en/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

const browser = useBrowser();

async function open(
  path: string,
  options: Parameters<typeof browser.page>[0] = {},
  ready = true,
): Promise<Page> {
  const page = await browser.open(path, options);
  if (ready && options.javaScriptEnabled !== false) await hydrated(page);
  return page;
}

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cardTitles = (page: Page) =>
  productList(page).getByRole('heading', { level: 2 }).allTextContents();
/** Two values of the first attribute that list something, and their titles. */
async function twoValues() {
  const [first] = await api<Facet[]>('products/facets/');
  const values = first!.values.filter((v) => v.count > 0);
  return { attribute: first!, a: values[0]!, b: values[1]! };
}

describe('the product list on a phone (360 px)', () => {
  it('shows the first product card in the first screen, the filters behind a button', async () => {
    const page = await open('/en/products/', { viewport: NARROW });
    const card = productList(page).getByRole('listitem').first();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    // The card's picture and title begin within the first 740 px.
    expect(box!.y).toBeLessThan(NARROW.height - 200);
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    expect(await page.getByRole('checkbox').first().isVisible()).toBe(false);
    // The search is in the header, not behind the menu.
    expect(await page.getByRole('combobox', { name: /Search/ }).isVisible()).toBe(true);
  });

  it('opens, applies and closes the filters with the keyboard; focus stays inside while open', async () => {
    const { a } = await twoValues();
    const page = await open('/en/products/', { viewport: NARROW });
    const button = page.getByRole('button', { name: 'Filters', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Focus moved into the sheet, and Tab never reaches the page behind it (modal). The sheet is
    // a native modal dialog: past its last control the focus may leave the document for the
    // browser's own controls (the body is then the active element) before it comes back into
    // the sheet; the page behind is inert (decision 0046).
    const where = () =>
      sheet.evaluate((el) => {
        const { activeElement, body } = (
          globalThis as unknown as { document: { activeElement: unknown; body: unknown } }
        ).document;
        if ((el as unknown as BrowserElement).contains(activeElement as BrowserElement | null))
          return 'sheet';
        return activeElement === null || activeElement === body ? 'browser' : 'page';
      });
    expect(await where()).toBe('sheet');
    const focusables = await sheet
      .locator('a[href], button, input, select')
      .evaluateAll((els) => els.length);
    let backInside = false;
    let left = false;
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab');
      const place = await where();
      expect(place).not.toBe('page');
      if (place !== 'sheet') left = true;
      else if (left) backInside = true;
    }
    // Round the whole sheet: past its end, the focus came back to its start.
    expect(!left || backInside).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await where()).not.toBe('page');
    expect(await axeViolations(page)).toEqual([]);

    // Applying: ticking a box with the keyboard changes the list at once.
    const box = sheet.getByRole('checkbox', { name: a.title, exact: true });
    await box.focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.getAll('values__id').includes(String(a.id)));
    const filtered = await api<List>(`products/products/?values__id=${a.id}`);
    const show = sheet.getByRole('button', {
      name: `Show ${filtered.count} product${filtered.count === 1 ? '' : 's'}`,
    });
    await show.waitFor();
    // Still open, focus still on the box the shopper ticked.
    expect(await isFocused(box)).toBe(true);
    // Escape closes it and gives focus back to the button, which now counts the filter.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    const counted = page.getByRole('button', { name: 'Filters (1)' });
    expect(await isFocused(counted)).toBe(true);
    await expect.poll(() => cardTitles(page)).toEqual(filtered.results.map((r) => r.title));

    // "Show N products" closes it too.
    await page.keyboard.press('Enter');
    await sheet.waitFor();
    await show.click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await isFocused(counted)).toBe(true);
  });

  it('without JavaScript: a closed <details>, and Apply leaves no default in the URL', async () => {
    const { a } = await twoValues();
    const page = await open('/en/products/', { viewport: NARROW, javaScriptEnabled: false });
    const details = page.locator('details', {
      has: page.locator('summary', { hasText: 'Filters' }),
    });
    expect(await details.getAttribute('open')).toBeNull();
    expect(await page.getByRole('checkbox', { name: a.title, exact: true }).isVisible()).toBe(
      false,
    );
    await details.locator('summary').click();
    await page.getByRole('checkbox', { name: a.title, exact: true }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.has('values__id'));
    // The form sent sort=sorting and the full price range; the page's URL keeps only the choice.
    expect(new URL(page.url()).search).toBe(`?values__id=${a.id}`);
    const filtered = await api<List>(`products/products/?values__id=${a.id}`);
    await expect.poll(() => cardTitles(page)).toEqual(filtered.results.map((r) => r.title));
    expect(await page.locator('summary').filter({ hasText: 'Filters (1)' }).count()).toBe(1);
  });
});

describe('the product list on a desktop (1280 px)', () => {
  it('keeps the filters beside the list, without an Apply button once JavaScript runs', async () => {
    const page = await open('/en/products/', { viewport: WIDE });
    expect(await page.getByRole('combobox', { name: 'Sort by' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    // Without JavaScript the panel is beside the list too, with its Apply button.
    const plain = await open('/en/products/', { viewport: WIDE, javaScriptEnabled: false });
    expect(await plain.getByRole('combobox', { name: 'Sort by' }).isVisible()).toBe(true);
    expect(await plain.getByRole('button', { name: 'Apply' }).isVisible()).toBe(true);
  });

  it('keeps a box ticked before the scripts ran, and applies it once they run', async () => {
    const { a } = await twoValues();
    const page = await browser.page({ viewport: WIDE });
    await withConsent(page);
    // Hold the page's scripts until the shopper has ticked a box in the server-rendered form.
    const release = await holdScripts(page);
    await page.goto(`${baseURL}/en/products/`, { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('checkbox', { name: a.title, exact: true });
    await box.check();
    // The form the shopper is using is the one that stays: hydration does not re-mount it (a
    // click that spanned the swap used to land on no element).
    const form = await page.getByRole('form', { name: 'Filters' }).elementHandle();
    release();
    await hydrated(page);
    expect(
      await form?.evaluate((f) => (f as unknown as { isConnected: boolean }).isConnected),
    ).toBe(true);
    await page.waitForURL((url) => url.searchParams.getAll('values__id').includes(String(a.id)));
    expect(new URL(page.url()).search).toBe(`?values__id=${a.id}`);
    await expect.poll(() => box.isChecked()).toBe(true);
    const filtered = await api<List>(`products/products/?values__id=${a.id}`);
    await expect.poll(() => cardTitles(page)).toEqual(filtered.results.map((r) => r.title));
  });

  it('shows applied filters as chips that remove one, or all with "Clear all"', async () => {
    const { attribute, a, b } = await twoValues();
    const page = await open(`/en/products/?values__id=${a.id}&values__id=${b.id}&price__lte=100`, {
      viewport: WIDE,
    });
    const chips = page.getByRole('region', { name: 'Active filters' });
    const chipA = chips.getByRole('link', {
      name: `Remove filter: ${attribute.title}: ${a.title}`,
    });
    await chipA.waitFor();
    expect(await chips.getByRole('link', { name: /^Remove filter: Price/ }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await chipA.click();
    await page.waitForURL((url) => !url.searchParams.getAll('values__id').includes(String(a.id)));
    expect(new URL(page.url()).search).toBe(`?values__id=${b.id}&price__lte=100`);
    // The page has rendered the new list once the removed chip is gone.
    await chipA.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('checkbox', { name: a.title, exact: true }).isChecked())
      .toBe(false);
    expect(await page.getByRole('checkbox', { name: b.title, exact: true }).isChecked()).toBe(true);
    await chips.getByRole('link', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.search === '' && url.pathname === '/en/products/');
    await chips.waitFor({ state: 'detached' });
    const all = await api<List>('products/products/');
    await expect.poll(() => cardTitles(page)).toEqual(all.results.map((r) => r.title));
  });

  it('hides values that would list nothing, unless ticked', async () => {
    const { a } = await twoValues();
    const facets = await api<Facet[]>(`products/facets/?values__id=${a.id}`);
    const empty = facets.flatMap((f) => f.values).filter((v) => v.count === 0);
    expect(empty.length).toBeGreaterThan(0);
    const page = await open(`/en/products/?values__id=${a.id}`, { viewport: WIDE });
    for (const value of empty.slice(0, 5))
      expect(await page.getByRole('checkbox', { name: value.title, exact: true }).count()).toBe(0);
  });

  it('sorts "Price: low to high" by the price shown on the cards (€17.99 before €18.50)', async () => {
    const page = await open('/en/products/', { viewport: WIDE });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    // Only the choice: no sort=sorting, no price bounds the shopper did not set.
    expect(new URL(page.url()).search).toBe('?sort=price');
    const all = await api<List>('products/products/?sort=price&page_size=100');
    // The URL changes before the new list is rendered: wait for the sorted first page.
    const first = await api<List>('products/products/?sort=price');
    await expect
      .poll(() => cardTitles(page), { timeout: 30_000 })
      .toEqual(first.results.map((r) => r.title));
    const towels = all.results.find((c) => c.discountPrice === 17.99 && c.price === 19.99)!;
    const plain = all.results.find((c) => c.price === 18.5 && c.discountPercent === 0)!;
    // Page through the sorted list as the shopper sees it until both have been shown.
    const seen: string[] = [];
    for (let p = 1; !seen.includes(plain.title); p++) {
      if (p > 1) await page.goto(`${baseURL}/en/products/?sort=price&page=${p}`);
      const prices = await productList(page)
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((li) => {
            const text = (li as unknown as BrowserElement).textContent ?? '';
            // The first amount on a card is the price to pay (a struck list price follows).
            return Number(/€(\d+\.\d\d)/.exec(text)?.[1] ?? 'NaN');
          }),
        );
      expect(prices).toEqual([...prices].sort((x, y) => x - y));
      seen.push(...(await cardTitles(page)));
    }
    expect(seen.indexOf(towels.title)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(towels.title)).toBeLessThan(seen.indexOf(plain.title));
  });

  it('gives the cards of a row one height, and links "Sold by" to the vendor', async () => {
    const page = await open('/en/products/', { viewport: WIDE });
    const cards = productList(page).locator('article');
    const boxes = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!),
    );
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(new Set(boxes.map((b) => Math.round(b.height))).size).toBe(1);
    const [first] = (await api<List>('products/products/')).results;
    const vendor = productList(page)
      .getByRole('link', { name: `Sold by ${first!.vendor!.title}` })
      .first();
    await vendor.click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/vendors/'));
    await page.getByRole('heading', { level: 1, name: first!.vendor!.title }).waitFor();
  });

  it('lists the categories in the header menu, not the list screens', async () => {
    const [category] = await api<Facet[]>('products/facets/');
    const page = await open('/en/', { viewport: WIDE });
    const nav = page.getByRole('navigation', { name: 'Catalogue' });
    await nav.locator('summary', { hasText: 'Catalogue' }).click();
    for (const value of category!.values)
      await nav.getByRole('link', { name: value.title, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Attributes' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Products', exact: true }).count()).toBe(0);
    await nav.getByRole('link', { name: category!.values[0]!.title, exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: new RegExp(category!.values[0]!.title) })
      .waitFor();
  });
});

describe('search', () => {
  it('suggests products with a thumbnail from the phone header', async () => {
    const page = await open('/en/', { viewport: NARROW });
    const box = page.getByRole('combobox', { name: /Search/ });
    expect(await box.isVisible()).toBe(true);
    await box.pressSequentially('linen', { delay: 30 });
    const option = page.getByRole('option').first();
    await option.waitFor();
    expect(await option.locator('img').count()).toBe(1);
    expect(await axeViolations(page, 'header')).toEqual([]);
  });

  it('lists matching blog posts beside the products', async () => {
    const posts = await api<{ count: number; results: { title: string }[] }>(
      'content/blogs/search?query=linen',
    );
    expect(posts.count).toBeGreaterThan(0);
    for (const viewport of [NARROW, WIDE]) {
      const page = await open('/en/products/?query=linen', { viewport });
      const articles = page.getByRole('region', { name: 'Articles' });
      await articles.getByRole('link', { name: posts.results[0]!.title }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('lists matching bundles under the products, linking to the bundle (360 px)', async () => {
    const [products, posts, bundles] = await Promise.all([
      api<List>('products/products/search?query=picnic'),
      api<List>('content/blogs/search?query=picnic&page_size=4'),
      api<List>('products/bundles/search?query=picnic&page_size=4'),
    ]);
    const picnic = bundles.results.find((b) => b.slugUri.startsWith('/bundles/picnic-kit-'));
    expect(picnic).toBeDefined();
    // Server-rendered: the bundles are there without JavaScript too.
    for (const javaScriptEnabled of [true, false]) {
      const page = await open('/en/products/?query=picnic', {
        viewport: NARROW,
        javaScriptEnabled,
      });
      const region = page.getByRole('region', { name: 'Bundles' });
      const link = region.getByRole('link', { name: picnic!.title, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/en${picnic!.slugUri}`);
      expect(await region.getByRole('listitem').count()).toBe(bundles.results.length);
      // The count line counts the bundles with the products and the posts.
      const total = products.count + posts.count + bundles.count;
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${total} results?$`) })
        .waitFor();
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('offers products to browse when nothing matches', async () => {
    const recommended = await api<List>('products/products/?page_size=4');
    for (const viewport of [NARROW, WIDE]) {
      const page = await open('/en/products/?query=qqxxzzvv', { viewport });
      await page.getByText('Nothing found for “qqxxzzvv”').waitFor();
      const list = page.getByRole('list', { name: 'Recommended products' });
      await expect
        .poll(() => list.getByRole('heading').allTextContents())
        .toEqual(recommended.results.map((r) => r.title));
      await page.getByRole('link', { name: 'Browse all products' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('has no violation in German with the filter sheet open (360 px)', async () => {
    const page = await open('/de/products/', { viewport: NARROW });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('dialog', { name: 'Filter' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
