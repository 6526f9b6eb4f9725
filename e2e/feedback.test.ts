// Issue 10: the contact form and the request to sell (spec sections 5, 7 and 8), the list of
// pages, a vendor's products, posts and pages inside the vendor's frame, and the error page.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseURL,
  checkBothWidths,
  hydrated,
  mailDir,
  NARROW,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();
const SHOP_ADDRESS = 'hello@example.com';

/** The mails to the shop that mention `tag` (quoted-printable soft breaks undone). */
async function shopMailsWith(tag: string): Promise<string[]> {
  const mails: string[] = [];
  for (const file of (await readdir(mailDir).catch(() => [])).sort()) {
    const raw = (await readFile(join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (raw.includes(`To: ${SHOP_ADDRESS}`) && raw.includes(tag)) mails.push(raw);
  }
  return mails;
}

/** Waits for the one mail to the shop that mentions `tag`. */
async function shopMail(tag: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail, ...more] = await shopMailsWith(tag);
    if (mail) {
      expect(more).toEqual([]);
      return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to the shop mentioning ${tag}`);
}

/** A new visitor's page at `path`, answered 200. */
async function open(path: string, options: Parameters<typeof browser.page>[0] = {}) {
  const page = await browser.visitor(options);
  const response = await page.goto(`${baseURL}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

/**
 * A new visitor's page at the form of `path`, its two headings shown; with JavaScript, hydrated
 * and checked at both widths.
 */
async function openForm(
  path: string,
  [h1, h2]: [string, string],
  options: { javaScriptEnabled: boolean; viewport?: { width: number; height: number } },
) {
  const page = await open(path, options);
  page.setDefaultTimeout(15_000);
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
  await page.getByRole('heading', { level: 2, name: h2 }).waitFor();
  if (options.javaScriptEnabled) {
    await hydrated(page);
    await checkBothWidths(page);
  }
  return page;
}

const tag = () => randomUUID().slice(0, 8);

/** Mira's question about the linen shirts, sent with the contact form under `subject`. */
async function sendMessage(page: Page, subject: string) {
  await page.getByLabel('Your name').fill('Mira Novak');
  await page.getByLabel('Your email address').fill('mira@example.com');
  await page.getByLabel('Phone (optional)').fill('+49 30 1234567');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Do the linen shirts run small?');
  await page.getByRole('button', { name: 'Send message' }).click();
}

describe('the contact page', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('sends a message that is stored and mailed to the shop (%s)', async (_name, js) => {
    const page = await openForm('/en/pages/contact/', ['Contact', 'Send us a message'], {
      javaScriptEnabled: js,
    });
    const subject = `Linen sizes ${tag()}`;
    await sendMessage(page, subject);
    // Confirmed in place of the form.
    await page
      .getByRole('status')
      .filter({ hasText: 'Thank you! Your message has been sent.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    const mail = await shopMail(subject);
    expect(mail).toContain('From: Mira Novak (mira@example.com)');
    expect(mail).toContain('Do the linen shirts run small?');
    await page.getByRole('link', { name: 'Send another message' }).click();
    await page.getByRole('button', { name: 'Send message' }).waitFor();
  });

  it('without JavaScript, answers bad fields from the server at their fields, flagged', async () => {
    const page = await open('/en/pages/contact/', { javaScriptEnabled: false, viewport: NARROW });
    await page.getByLabel('Your email address').fill('not-an-address');
    await page.getByLabel('Message', { exact: true }).fill('Short');
    await page.getByRole('button', { name: 'Send message' }).click();
    const main = page.getByRole('main');
    await main.getByText('Something went wrong.').waitFor();
    const alerts = await main.getByRole('alert').allTextContents();
    expect(alerts).toEqual(
      expect.arrayContaining([
        'Server Error: Something went wrong.',
        'Server Error: This field is required',
        'Server Error: Please enter a valid email',
        'Server Error: The "Message" field must be at least 10 characters long',
      ]),
    );
    // Each message is tied to its field, and what was typed is kept.
    const email = page.getByLabel('Your email address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const described = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      'Server Error: Please enter a valid email',
    );
    expect(await email.inputValue()).toBe('not-an-address');

    const subject = `Fixed ${tag()}`;
    await page.getByLabel('Your name').fill('Mira Novak');
    await email.fill('mira@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Now the message is long enough.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been sent' }).waitFor();
    await shopMail(subject);
  });

  it('with JavaScript, toasts "Something went wrong." top-left for 2 s and flags the server’s messages', async () => {
    const page = await open('/en/pages/contact/', { viewport: NARROW });
    await hydrated(page);
    // What the browser checked passes; on the way the post is changed (as a stale page, or a
    // server with stricter rules, would have it), so only the server refuses it.
    await page.route(
      (url) => url.pathname.startsWith('/en/pages/contact'),
      async (route) => {
        const request = route.request();
        if (request.method() !== 'POST') return route.continue();
        const form = new URLSearchParams(request.postData() ?? '');
        form.set('email', 'mira-at-example.com');
        form.set('phone', 'call me');
        await route.continue({ postData: form.toString() });
      },
    );
    const subject = `Refused ${tag()}`;
    await sendMessage(page, subject);

    const toast = page.getByText('Something went wrong.', { exact: true });
    await toast.waitFor();
    const shown = Date.now();
    const box = await toast.boundingBox();
    // Top left, just below the sticky header (decision 0051), so it covers no part of it.
    const header = await page.locator('header').first().boundingBox();
    expect(box?.x).toBeLessThan(40);
    expect(box?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    expect(box?.y).toBeLessThan((header?.y ?? 0) + (header?.height ?? 0) + 120);
    const main = page.getByRole('main');
    await main.getByText('Server Error: Please enter a valid email').waitFor();
    await main.getByText('Server Error: The "Phone" field format is invalid').waitFor();
    await toast.waitFor({ state: 'detached', timeout: 5000 });
    const gone = Date.now() - shown;
    expect(gone).toBeGreaterThan(1500);
    expect(gone).toBeLessThan(3500);
    await checkBothWidths(page);
    expect(await shopMailsWith(subject)).toEqual([]);

    // Typing again is checked in the browser: the server's flag goes with its message.
    await page.getByLabel('Your email address').fill('mira@');
    await page.getByLabel('Your email address').blur();
    await main.getByText('Please enter a valid email', { exact: true }).waitFor();
    expect(await main.getByText('Server Error: Please enter a valid email').count()).toBe(0);
    // Typing does not toast again: one toast per answer.
    expect(await toast.count()).toBe(0);
  });

  it('checks every field in the browser on the first submit, before anything is sent', async () => {
    const page = await open('/en/pages/contact/');
    await hydrated(page);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts++;
    });
    // Leaving an empty field says nothing yet (decision 0052: a message appearing on leaving
    // pushed the button away from a phone's tap); the first submit flags every field at once.
    await page.getByLabel('Your name').focus();
    await page.getByLabel('Your name').blur();
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Send message' }).click();
    // Every field the form needs says so; the message is optional only for the phone.
    await expect.poll(() => page.getByRole('main').getByRole('alert').count()).toBe(4);
    expect(await page.getByText(/Server Error|App Error/).count()).toBe(0);
    expect(posts).toBe(0);
  });

  it('answers a bot that fills the hidden field as if sent, and mails nothing', async () => {
    const page = await open('/en/pages/contact/', { javaScriptEnabled: false });
    const subject = `Bot ${tag()}`;
    await page.getByLabel('Your name').fill('Bot');
    await page.getByLabel('Your email address').fill('bot@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Buy cheap followers today!');
    await page.locator('input[name="website"]').evaluate((input) => {
      (input as unknown as { value: string }).value = 'https://spam.example/';
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been sent' }).waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(await shopMailsWith(subject)).toEqual([]);
  });
});

describe('the request to sell in the shop', () => {
  it.each([
    ['with JavaScript at 1280 px', true, WIDE],
    ['without JavaScript at 360 px', false, NARROW],
  ])('is sent as feedback with its subject filled in (%s)', async (_name, js, viewport) => {
    const page = await openForm(
      '/en/pages/register_new_organization/',
      ['Become a vendor', 'Sell in our shop'],
      { javaScriptEnabled: js, viewport },
    );
    const shop = `Kiln Studio ${tag()}`;
    await page.getByLabel('Shop name').fill(shop);
    await page.getByLabel('Your name').fill('Ilse Berg');
    await page.getByLabel('Your email address').fill('ilse@example.com');
    await page.getByLabel('What do you sell?').fill('Wood-fired stoneware, made in Tyrol.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message has been sent' }).waitFor();
    const mail = await shopMail(shop);
    expect(mail).toContain(`Subject: Vendor request: ${shop}`);
    expect(mail).toContain(`Shop name: ${shop}`);
    expect(mail).toContain('Wood-fired stoneware, made in Tyrol.');
  });
});

describe('the list of pages', () => {
  it('lists the shop’s pages with their lines and opens one', async () => {
    const page = await open('/en/pages/');
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    expect(await page.title()).toMatch(/^Pages \| /);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Become a vendor' }).waitFor();
    expect(await main.getByRole('link', { name: 'Coming soon' }).count()).toBe(0);
    await main.getByText('How to reach our customer service').waitFor();
    await checkBothWidths(page);
    await main.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/pages/contact/');
  });
});

type Listed = { results: { slug: string; slugUri: string; title: string }[] };
const api = async (path: string) => (await (await fetch(`${baseURL}${path}`)).json()) as Listed;

describe('a vendor’s items', () => {
  it.each(['products', 'blogs', 'pages'] as const)(
    'shows one of its %s inside the vendor’s frame, canonical to the item’s own page',
    async (kind) => {
      const vendors = await api('/en/api/organizations/vendors/');
      const vendor = vendors.results[vendors.results.length - 1];
      if (!vendor) throw new Error('no vendor');
      const id = vendor.slug.replace(/.*-/, '');
      const items = await api(`/en/api/organizations/vendors/${id}/${kind}/`);
      const item = items.results[0];
      if (!item) throw new Error(`vendor ${vendor.slug} has no ${kind}`);
      const path = `/en${vendor.slugUri}${kind}/${item.slug}/`;

      const page = await open(path);
      // No redirect: the vendor's context stays.
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('heading', { level: 1, name: item.title }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
      expect((await crumbs.innerText()).replace(/\s+/g, ' ')).toBe(
        `Home / Vendors / ${vendor.title} / ${{ products: 'Products', blogs: 'Blog posts', pages: 'Pages' }[kind]} / ${item.title}`,
      );
      const tabs = page.getByRole('navigation', { name: vendor.title });
      const current = tabs.locator('[aria-current]');
      expect(await current.count()).toBe(1);
      expect(await current.textContent()).toBe(
        { products: 'Products', blogs: 'Blog posts', pages: 'Pages' }[kind],
      );
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toBe(`${baseURL}/en${item.slugUri}`);
      if (kind !== 'pages') expect(item.slugUri).toBe(`/${kind}/${item.slug}/`);
      expect(await page.title()).toMatch(new RegExp(`\\| `));
      await checkBothWidths(page);
    },
  );

  it('keeps the shopper in the vendor’s frame from its blog tab', async () => {
    const vendors = await api('/en/api/organizations/vendors/');
    const vendor = vendors.results[vendors.results.length - 1];
    if (!vendor) throw new Error('no vendor');
    const page = await open(`/en${vendor.slugUri}blogs/`);
    await hydrated(page);
    await page.getByRole('main').getByRole('article').first().getByRole('link').click();
    await page.waitForURL(new RegExp(`${vendor.slugUri}blogs/[^/]+/$`));
    await page.getByRole('navigation', { name: vendor.title }).waitFor();
  });
});

describe('the error page', () => {
  it('answers a post to a page without a form with the shop’s screen, not the router’s words', async () => {
    const res = await fetch(`${baseURL}/en/pages/about/`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
    });
    expect(res.status).toBe(405);
    const html = await res.text();
    expect(html).toContain('This page does not accept this request.');
    expect(html).not.toMatch(/did not provide an `?action/);

    const page = await browser.visitor();
    await page.route(`${baseURL}/en/pages/about/`, (route) =>
      route.continue({
        method: 'POST',
        postData: 'a=1',
        headers: {
          ...route.request().headers(),
          'content-type': 'application/x-www-form-urlencoded',
        },
      }),
    );
    const response = await page.goto(`${baseURL}/en/pages/about/`);
    expect(response?.status()).toBe(405);
    await page.getByRole('heading', { level: 1, name: '405' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back to homepage' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows status 404 and "This page could not be found" outside the shop’s pages', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/no-such-file.txt`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    await page.getByText('This page could not be found', { exact: true }).waitFor();
    expect(await page.title()).toBe('404 | This page could not be found');
    expect(await axeViolations(page)).toEqual([]);
  });
});
