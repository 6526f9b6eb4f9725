import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkScreen, baseURL, loginAs, mailedLink, NARROW, useBrowser, WIDE } from './pages.ts';

const browser = useBrowser();

describe('accounts', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
  ])('registers, confirms from the mailed link and logs in (%s)', async (_name, js, viewport) => {
    const email = `mira-${randomUUID().slice(0, 8)}@example.com`;
    const page = await browser.page({ javaScriptEnabled: js, viewport });
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseURL}/en/account/login/`);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create a new account' }).waitFor();
    if (js) await checkScreen(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Mira');
    await page.getByLabel('Last name').fill('Novak');
    await page.getByLabel('Password', { exact: true }).fill('linen-and-clay-2026');
    await page.getByLabel('Confirm password').fill('linen-and-clay-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'We have sent an email to this address' })
      .waitFor();

    // Logging in before confirming is refused, with the link offered again.
    await page.goto(`${baseURL}/en/account/login/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('linen-and-clay-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Send the link again' }).waitFor();

    const link = await mailedLink(email, 'confirm-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByText('Your email address is confirmed').waitFor();
    if (js) await checkScreen(page);
    // The link signed the shopper in (account-flow.test.ts follows that further).
    await page.getByRole('button', { name: 'Log out' }).first().waitFor({ state: 'attached' });
    // The link is single use.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByText('This link has already been used or is not valid.').waitFor();
  });

  it.each([
    ['with JavaScript at 1280 px', true, WIDE],
    ['without JavaScript at 360 px', false, NARROW],
  ])('resets a forgotten password from the mailed link (%s)', async (_name, js, viewport) => {
    const page = await browser.page({ javaScriptEnabled: js, viewport });
    page.setDefaultTimeout(15_000);
    // A fresh account, confirmed through its link.
    const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${baseURL}/en/account/register/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Ilse');
    await page.getByLabel('Last name').fill('Berg');
    await page.getByLabel('Password', { exact: true }).fill('first-linen-password');
    await page.getByLabel('Confirm password').fill('first-linen-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'We have sent an email to this address' })
      .waitFor();
    await page.goto(
      (await mailedLink(email, 'confirm-email')).replace(/^https?:\/\/[^/]+/, baseURL),
    );
    await page.getByText('Your email address is confirmed').waitFor();
    // The link signed this browser in; the reset starts from a browser that is not.
    await page.context().clearCookies();

    await page.goto(`${baseURL}/en/account/login/`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists' }).waitFor();
    if (js) await checkScreen(page);
    await page.goto(
      (await mailedLink(email, 'reset-password')).replace(/^https?:\/\/[^/]+/, baseURL),
    );
    await page.getByLabel('New password').fill('second-linen-password');
    await page.getByLabel('Confirm password').fill('second-linen-password');
    if (js) await checkScreen(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    // On to the account with a toast (a served toast hides after 2 s: attached is enough).
    await page.waitForURL(`${baseURL}/en/account/dashboard/`);
    await page
      .locator('[data-toast]')
      .filter({ hasText: 'Your password has been changed' })
      .waitFor({ state: 'attached' });
    // The reset signed the shopper in; the new password works after logging out.
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL(`${baseURL}/en/`);
    await page.goto(`${baseURL}/en/account/login/`);
    await page.getByRole('heading', { level: 1, name: 'Log in to your account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('second-linen-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).first().waitFor({ state: 'attached' });
  });
});

describe('the wishlist counter', () => {
  it('counts what the logged-in shopper saved', async () => {
    const page = await browser.page();
    await loginAs(page, baseURL, 'olga.smirnova@example.com');
    const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const list = (await (
      await fetch(`${baseURL}/en/api/products/products/?page_size=5`)
    ).json()) as {
      results: { id: number }[];
    };
    const before = await page.request.get(`${baseURL}/en/api/products/wishlist/`);
    const count = ((await before.json()) as { count: number }).count;
    const product = list.results[4]!;
    const saved = await page.request.post(`${baseURL}/en/api/products/wishlist/`, {
      data: { product: product.id },
      headers: { 'X-CSRFToken': token },
    });
    expect([200, 201]).toContain(saved.status());
    const now = (
      (await (await page.request.get(`${baseURL}/en/api/products/wishlist/`)).json()) as {
        count: number;
      }
    ).count;
    expect(now).toBeGreaterThanOrEqual(Math.max(count, 1));
    await page.goto(`${baseURL}/en/`);
    await page
      .getByRole('link', { name: `Wishlist, ${now} saved ${now === 1 ? 'item' : 'items'}` })
      .waitFor();
  });
});
