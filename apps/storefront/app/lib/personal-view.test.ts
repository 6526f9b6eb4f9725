import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ru from '@shop/messages/langs/ru.json' with { type: 'json' };
import type { UserInfo } from '@shop/contract';
import { createTranslator } from './i18n.tsx';
import {
  compileTemplate,
  encodeTemplate,
  fillCompiled,
  fillPersonal,
  NONCE_MARK,
  TOKEN_MARK,
  hasMarkers,
  hole,
  inlineJson,
  personalViewOf,
  PERSONAL_VIEW_ID,
  Variants,
  viewPieces,
  VISITOR_VIEW,
  type PagePiece,
} from './personal-view.tsx';

const t = createTranslator('ru', ru);

const user: UserInfo = {
  id: 7,
  email: 'ann@example.com',
  firstName: 'Ann </script><b>',
  lastName: 'Lee',
  isStaff: false,
  noCache: false,
  locale: 'ru',
  newsletter: false,
  discounts: [],
  personalPrices: false,
};

/** A template as React renders it: a head, the header's variants and holes, two hearts. */
const template =
  '<html><head><title>x</title></head><body>' +
  renderToStaticMarkup(
    createElement(
      'div',
      null,
      createElement(Variants, {
        name: 'signedIn',
        children: [
          createElement('form', { key: 'out' }, 'out'),
          createElement('a', { key: 'in' }, 'in'),
        ],
      }),
      createElement(
        'a',
        { 'aria-label': hole('cartLabel') },
        createElement('span', null, hole('cartCount')),
      ),
      createElement(
        'a',
        { 'aria-label': hole('wishlistLabel') },
        createElement('span', null, hole('wishlistCount')),
      ),
      ...[11, 12].map((id) =>
        createElement(
          'div',
          { key: id },
          createElement(Variants, {
            name: `heart:${id}`,
            children: [
              createElement('a', { key: 'v' }, `login ${id}`),
              createElement('button', { key: 'u', 'aria-pressed': false }, `unsaved ${id}`),
              createElement(
                'button',
                { key: 's', 'aria-pressed': true, value: hole(`item:${id}`) },
                `saved ${id}`,
              ),
            ],
          }),
        ),
      ),
    ),
  ) +
  '</body></html>';

describe('filling a personal template', () => {
  it('renders markers only next to elements, and leaves none once filled', () => {
    expect(template).not.toContain('<!-- -->');
    expect(hasMarkers(template)).toBe(true);
    expect(hasMarkers(fillPersonal(template, VISITOR_VIEW, t, 'n'))).toBe(false);
  });

  it("chooses the visitor's variants for a visitor", () => {
    const html = fillPersonal(template, VISITOR_VIEW, t, 'n');
    expect(html).toContain('<a>in</a>');
    expect(html).not.toContain('<form>');
    expect(html).toContain('login 11');
    expect(html).not.toContain('unsaved');
    expect(html).toContain('aria-label="Корзина, 0 товаров"');
  });

  it("chooses a shopper's variants, saved hearts with their item, and counts in the language's plural forms", () => {
    const shopper = personalViewOf(user, {
      cartQuantity: 3,
      wishlistCount: 21,
      saved: [{ id: 901, product: 12 }],
    });
    const html = fillPersonal(template, shopper, t, 'n');
    expect(html).toContain('<form>out</form>');
    expect(html).not.toContain('<a>in</a>');
    expect(html).toContain('unsaved 11');
    expect(html).not.toContain('>saved 11<');
    expect(html).toContain('value="901"');
    expect(html).toContain('saved 12');
    // ru: one (21), few (3), many (5): the catalogue's words for each count.
    expect(html).toContain('aria-label="Корзина, 3 товара"');
    expect(html).toContain('<span>3</span>');
    expect(html).toContain(`aria-label="${t('wishlist.itemsCount', { count: 21 })}"`);
    expect(t('wishlist.itemsCount', { count: 21 })).toMatch(/^21 товар /);
    const five = fillPersonal(template, { ...shopper, cartQuantity: 5 }, t, 'n');
    expect(five).toContain('aria-label="Корзина, 5 товаров"');
  });

  it('adds the view as inline JSON in the head, with the nonce and nothing that closes the script', () => {
    const shopper = personalViewOf(user, { cartQuantity: 1, wishlistCount: 0, saved: [] });
    const html = fillPersonal(template, shopper, t, 'abc"x');
    const script = new RegExp(
      `<script type="application/json" id="${PERSONAL_VIEW_ID}" nonce="abc&quot;x">(.*?)</script></head>`,
    ).exec(html);
    expect(script?.[1]).toBe(inlineJson(shopper));
    expect(script?.[1]).not.toContain('</script>');
    expect(JSON.parse(script![1]!)).toEqual(shopper);
  });

  it('refuses a marker it does not know', () => {
    expect(() => fillPersonal(`<head></head>${hole('nobody')}`, VISITOR_VIEW, t, 'n')).toThrow();
  });

  it('fills a template compiled once as the searches over the whole page do, secrets included', () => {
    const withSecrets = template.replace(
      '<form>',
      `<form data-n="${NONCE_MARK}" data-t="${TOKEN_MARK}">`,
    );
    const compiled = compileTemplate(withSecrets);
    const secrets = { nonce: 'N0nce+/=', token: 'T'.repeat(43) };
    const searched = (v: typeof VISITOR_VIEW) =>
      fillPersonal(
        withSecrets.replaceAll(NONCE_MARK, secrets.nonce).replaceAll(TOKEN_MARK, secrets.token),
        v,
        t,
        secrets.nonce,
      );
    const shopper = personalViewOf(user, {
      cartQuantity: 2,
      wishlistCount: 1,
      saved: [{ id: 5, product: 11 }],
    });
    for (const v of [VISITOR_VIEW, shopper]) {
      const page = fillCompiled(compiled, v, t, secrets);
      expect(page).toBe(searched(v));
      expect(hasMarkers(page)).toBe(false);
    }
    expect(fillCompiled(compiled, shopper, t, secrets)).toContain(`data-t="${secrets.token}"`);
    // As bytes (the server's answers), merged or not: the same page, its secrets by name.
    const encoded = encodeTemplate(compiled);
    const decoder = new TextDecoder();
    const text = (pieces: PagePiece[]) =>
      pieces
        .map((piece) => (typeof piece === 'string' ? secrets[piece] : decoder.decode(piece)))
        .join('');
    for (const v of [VISITOR_VIEW, shopper]) {
      expect(text(viewPieces(encoded, v, t))).toBe(searched(v));
      const merged = viewPieces(encoded, v, t, true);
      expect(text(merged)).toBe(searched(v));
      // Merged: no two byte pieces side by side (one copy each between the secrets).
      merged.forEach((piece, i) => {
        if (i > 0 && typeof piece !== 'string') expect(typeof merged[i - 1]).toBe('string');
      });
    }
    // A stray half of a marker is no template.
    expect(() => compileTemplate(`<head></head>x\uE001y`)).toThrow();
  });
});
