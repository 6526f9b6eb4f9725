// Issue 23, points 10 and 11 (and 13's headings): the mailed links sign the shopper in, the login
// goes back to the page that asked for it, forms that leave their page confirm with a toast, the
// newsletter takes anyone with a double opt-in, and a form flags every empty field at once.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseURL,
  checkBothWidths,
  checkScreen,
  cookie,
  hydrated,
  mailedLink,
  NARROW,
  newsletterLink,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();
const PASSWORD = 'linen-and-clay-2026';
const local = (link: string) => link.replace(/^https?:\/\/[^/]+/, baseURL);
const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Registers `email` through the API, as a browser of its own (nothing of it stays in `page`). */
async function registered(page: Page, email: string) {
  const api = await page.context().browser()!.newContext();
  try {
    await api.request.get(`${baseURL}/en/api/accounts/login/`);
    const token = (await api.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const res = await api.request.post(`${baseURL}/en/api/accounts/register/`, {
      data: { email, password: PASSWORD, firstName: 'Mira', lastName: 'Novak' },
      headers: { 'X-CSRFToken': token },
    });
    expect(res.status()).toBe(201);
  } finally {
    await api.close();
  }
}

const loggedIn = (page: Page) =>
  page.getByRole('button', { name: 'Log out' }).first().waitFor({ state: 'attached' });

/** The toast (role status) that says `text`; a toast served in the page hides after 2 s. */
const toast = (page: Page, text: string) =>
  page.locator('[data-toast]').filter({ hasText: text }).first().waitFor({ state: 'attached' });

/**
 * Accounts confirmed by the first tests, reset by the next ones: every sign-up and reset link is
 * a mail-sending call, counted per address (decision 0043), and the whole suite shares one.
 */
const confirmed: string[] = [];

describe('the mailed links sign the shopper in', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
  ])(
    'confirming the address logs in, once; then saved address, settings and logout toast (%s)',
    async (_name, js, viewport) => {
      const email = newEmail('confirm');
      const page = await browser.visitor({ javaScriptEnabled: js, viewport });
      page.setDefaultTimeout(15_000);
      await registered(page, email);
      const link = local(await mailedLink(email, 'confirm-email'));
      await page.goto(link);
      await page.getByText('Your email address is confirmed and you are logged in.').waitFor();
      await loggedIn(page);
      expect(await cookie(page, 'sessionid')).toBeDefined();
      if (js) await checkBothWidths(page);
      await page.getByRole('link', { name: 'Continue to my account' }).click();
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      confirmed.push(email);

      // The link is spent: in another browser it signs nobody in.
      const other = await browser.page({ javaScriptEnabled: js, viewport });
      await other.goto(link);
      await other.getByText('This link has already been used or is not valid.').waitFor();
      expect(await other.getByRole('button', { name: 'Log out' }).count()).toBe(0);
      expect(await cookie(other, 'sessionid')).toBeUndefined();

      // Forms that leave their page say what they did with a toast, in the page's language.
      await page.goto(`${baseURL}/de/account/dashboard/address-book/`);
      if (js) await hydrated(page);
      await page.getByLabel('Vorname').fill('Anna');
      await page.getByLabel('Nachname').fill('Becker');
      await page.getByLabel('Telefon').fill('+49 30 1234567');
      await page.getByLabel('Land').selectOption({ label: 'Deutschland' });
      const places = page.getByRole('button', { name: 'Regionen und Städte anzeigen' });
      if (!js) await places.click();
      await page.getByLabel('Bundesland / Kanton').selectOption({ label: 'Berlin' });
      if (!js) await places.click();
      await page.getByLabel('Ort', { exact: true }).fill('Berlin');
      await page.getByLabel('Straße und Hausnummer').fill('Lindenstraße 5');
      await page.getByLabel('Postleitzahl').fill('10969');
      await page.getByRole('button', { name: 'Adresse speichern' }).click();
      await toast(page, 'Die Adresse wurde gespeichert.');
      if (js) await checkScreen(page);

      await page.goto(`${baseURL}/en/account/dashboard/settings/`);
      if (js) await hydrated(page);
      await page
        .getByRole('region', { name: 'Settings' })
        .getByLabel('Language')
        .selectOption('ru');
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await page.waitForURL(`${baseURL}/ru/account/dashboard/settings/`);
      await toast(page, 'Изменения сохранены.');

      await page.getByRole('button', { name: 'Выйти' }).first().click();
      await page.waitForURL(`${baseURL}/ru/`);
      await toast(page, 'Вы вышли из аккаунта.');
      if (js) await checkScreen(page);
    },
    150_000,
  );

  it.each([
    ['with JavaScript at 1280 px', true, WIDE],
    ['without JavaScript at 360 px', false, NARROW],
  ])(
    'resetting the password logs in, once (%s)',
    async (_name, js, viewport) => {
      const email = confirmed.shift();
      if (!email) throw new Error('no account confirmed by the tests above');
      const page = await browser.visitor({ javaScriptEnabled: js, viewport });
      page.setDefaultTimeout(15_000);
      // Another browser logged in before the reset.
      const before = await browser.page();
      await before.goto(`${baseURL}/en/account/login/`);
      await before.getByLabel('Email').fill(email);
      await before.getByLabel('Password').fill(PASSWORD);
      await before.getByRole('button', { name: 'Log in' }).last().click();
      await loggedIn(before);

      await page.goto(`${baseURL}/en/account/forgot-password/`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('status').filter({ hasText: 'If an account exists' }).waitFor();
      const link = local(await mailedLink(email, 'reset-password'));
      await page.goto(link);
      await page.getByLabel('New password').fill('second-linen-password');
      await page.getByLabel('Confirm password').fill('second-linen-password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      // On to the account, logged in, with a toast that says so.
      await page.waitForURL(`${baseURL}/en/account/dashboard/`);
      await toast(page, 'Your password has been changed and you are logged in.');
      await loggedIn(page);
      if (js) await checkBothWidths(page);
      // The browser logged in before the reset is signed out.
      await before.goto(`${baseURL}/en/`);
      expect(await before.getByRole('button', { name: 'Log out' }).count()).toBe(0);

      // A second use of the link signs nobody in.
      const other = await browser.page({ javaScriptEnabled: js, viewport });
      await other.goto(link);
      await other.getByLabel('New password').fill('third-linen-password');
      await other.getByLabel('Confirm password').fill('third-linen-password');
      await other.getByRole('button', { name: 'Reset password' }).click();
      await other.getByText('This link has already been used or is not valid.').waitFor();
      expect(await cookie(other, 'sessionid')).toBeUndefined();
    },
    120_000,
  );
});

describe('the login goes back to the page that asked for it', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
  ])('from the header link, and from a link without a way back (%s)', async (_n, js, viewport) => {
    const page = await browser.visitor({ javaScriptEnabled: js, viewport });
    page.setDefaultTimeout(15_000);
    const products = `${baseURL}/de/products/?sort=-price`;
    await page.goto(products);
    if (js) await hydrated(page);
    await page.getByRole('link', { name: 'Anmelden' }).first().click();
    await page.getByLabel('E-Mail').fill('olga.smirnova@example.com');
    await page.getByLabel('Passwort').fill('demo1234');
    await page.getByRole('button', { name: 'Anmelden' }).last().click();
    await page.waitForURL(products);
    await page.getByRole('button', { name: 'Abmelden' }).first().waitFor({ state: 'attached' });

    // A link of the shop without `redirectTo` (here: opened from a vendor's page).
    const fresh = await browser.visitor({ javaScriptEnabled: js, viewport });
    const vendors = `${baseURL}/en/vendors/`;
    await fresh.goto(`${baseURL}/en/account/login/`, { referer: vendors });
    await fresh.getByLabel('Email').fill('olga.smirnova@example.com');
    await fresh.getByLabel('Password').fill('demo1234');
    await fresh.getByRole('button', { name: 'Log in' }).last().click();
    await fresh.waitForURL(vendors);
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com'],
    ['https://evil.com/en/products/'],
    ['/api/accounts/user_info/'],
    ['/sw.js'],
  ])('never follows %s: only a page of this shop, with its language', async (target) => {
    const page = await browser.page({ javaScriptEnabled: false });
    await page.goto(`${baseURL}/en/account/login/?redirectTo=${encodeURIComponent(target)}`);
    await page.getByLabel('Email').fill('olga.smirnova@example.com');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL(`${baseURL}/en/`);
  });
});

describe('the newsletter on the home page, for anyone', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
  ])(
    'subscribes a guest after the mailed link, again idempotently, and unsubscribes (%s)',
    async (_n, js, viewport) => {
      const email = newEmail('reader');
      const page = await browser.visitor({ javaScriptEnabled: js, viewport });
      page.setDefaultTimeout(15_000);
      await page.goto(`${baseURL}/en/`);
      if (js) await hydrated(page);
      const signup = page.getByRole('region', { name: 'Stay in touch' });
      await signup.getByRole('button', { name: 'Subscribe' }).click();
      // Without JavaScript the newsletter page answers, with the form again.
      const form = js ? signup : page.getByRole('main');
      await form.getByText('This field is required').waitFor();
      await form.getByLabel('Email for the newsletter').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Almost done: please open the link').waitFor();
      if (js) await checkBothWidths(page);

      const confirm = await newsletterLink(email, 'confirm');
      await page.goto(confirm);
      await page.getByText('Thank you! You are now subscribed to our newsletter.').waitFor();
      if (js) await checkBothWidths(page);
      // Opened again: still subscribed, nothing else.
      await page.goto(confirm);
      await page.getByText('Thank you! You are now subscribed to our newsletter.').waitFor();

      await page.goto(await newsletterLink(email, 'unsubscribe'));
      await page.getByText('Do you want to unsubscribe from our newsletter?').waitFor();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText('You have unsubscribed from our newsletter.').waitFor();
    },
    120_000,
  );
});

/**
 * Presses the form's submit button near its top edge and lets go only after what the press set
 * off (a field left, its check) is on screen: a finger on a phone does that. Answers the messages
 * the form then shows.
 */
async function pressNearTopEdge(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 3);
  await page.mouse.down();
  await page.waitForTimeout(300);
  await page.mouse.up();
}

describe('a form flags every empty required field on the first submit', () => {
  it('the contact form, at 360 px, with the empty message being typed in', async () => {
    const page = await browser.open('/en/pages/contact/', { viewport: NARROW, hasTouch: true });
    await hydrated(page);
    await page.getByLabel('Your name').fill('Mira Novak');
    await page.getByLabel('Your email address').fill('mira@example.com');
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await pressNearTopEdge(page, 'Send message');
    // Subject and message, both at once.
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'This field is required' }).count())
      .toBe(2);
    await expect.poll(() => page.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
  });

  it('register, at 360 px', async () => {
    const page = await browser.open('/en/account/register/', { viewport: NARROW, hasTouch: true });
    await hydrated(page);
    await page.getByLabel('Email').fill(newEmail('rounds'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').focus();
    await pressNearTopEdge(page, 'Create account');
    // First name, last name and the repetition, at once.
    await expect.poll(() => page.getByRole('alert').count()).toBe(3);
  });
});

describe('only the form being sent waits', () => {
  it('register: its button waits, the page’s other forms do not', async () => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/en/account/register/`);
    await hydrated(page);
    // Held until released (the promise exists before the request does: no race).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/account/register/**', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(newEmail('pending'));
    await page.getByLabel('First name').fill('Mira');
    await page.getByLabel('Last name').fill('Novak');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Create account' }).isDisabled())
      .toBe(true);
    // The cookie question's buttons and the search stay usable meanwhile.
    expect(await page.getByRole('button', { name: 'Accept all' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search' }).first().isEnabled()).toBe(true);
    release();
    await page.getByText('We have sent an email to this address').waitFor();
  });

  it('login: "Send the link again" waits alone, the login stays enabled', async () => {
    const email = newEmail('resend');
    const page = await browser.visitor({ viewport: NARROW });
    await registered(page, email);
    await page.goto(`${baseURL}/en/account/login/`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    const resend = page.getByRole('button', { name: 'Send the link again' });
    await resend.waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/account/confirm-email/**', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await resend.click();
    await expect.poll(() => resend.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log in' }).last().isEnabled()).toBe(true);
    release();
    await page.getByText('a new link is on its way').waitFor();
  });
});

type HeadingLines = { text: string; lines: number; words: { word: string; pieces: number }[] };

/** In the page: each heading of <main>, its number of lines, and in how many pieces each word is. */
const HEADING_LINES = `[...document.querySelectorAll('main h2')].map((h) => {
  const range = document.createRange();
  const words = [];
  const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of (node.textContent || '').matchAll(/\\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      words.push({ word: match[0], pieces: range.getClientRects().length });
    }
  }
  const lines = Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight));
  return { text: h.textContent || '', lines, words };
})`;

describe('section headings on a phone', () => {
  it.each([['de'], ['ru']])('fit on one line or wrap whole words at 360 px (%s)', async (lang) => {
    const page = await browser.open(`/${lang}/`, { viewport: NARROW });
    await hydrated(page);
    await page.locator('main h2').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/account-headings-${lang}.png`, fullPage: true });
    const headings = await page.evaluate<HeadingLines[]>(HEADING_LINES);
    expect(headings.length).toBeGreaterThan(3);
    for (const heading of headings) {
      // No word broken across lines.
      expect(
        heading.words.filter((w) => w.pieces > 1),
        heading.text,
      ).toEqual([]);
    }
    // The sections' titles beside their "all" links fit one line.
    const sections = headings.filter((h) => h.text.length <= 24);
    expect(sections.length).toBeGreaterThan(2);
    for (const heading of sections) expect(heading.lines, heading.text).toBe(1);
  });
});
