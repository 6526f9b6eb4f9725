import { describe, expect, it } from 'vitest';
import english from '@shop/messages/langs/en.json' with { type: 'json' };
import { messagesFor, namespacesFor, otherMessages, sectionOf } from './message-namespaces.ts';

describe("a page's messages (issue 12)", () => {
  it('reads the section from the path after the language', () => {
    expect(sectionOf('/en/')).toBe('');
    expect(sectionOf('/de/products/')).toBe('products');
    expect(sectionOf('/ru/products/linen-shirt-10/')).toBe('products');
  });

  it("ships the frame's and the product pages' namespaces on a product page, not the account's", () => {
    const picked = messagesFor(english, '/en/products/linen-shirt-10/');
    for (const name of ['common', 'header', 'footer', 'cookies', 'product', 'reviews', 'forms']) {
      expect(picked[name], name).toEqual(english[name as keyof typeof english]);
    }
    for (const name of ['auth', 'account', 'orders', 'checkout', 'feedback']) {
      expect(picked[name], name).toBeUndefined();
    }
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(english).length * 0.6);
  });

  it('ships every namespace to a section it does not know (the account, checkout)', () => {
    expect(namespacesFor('/en/checkout/cart/')).toBeNull();
    expect(messagesFor(english, '/en/account/dashboard/')).toBe(english);
  });

  it('loads the messages again only when a link leads to a section that ships others', () => {
    expect(otherMessages('/en/products/', '/en/products/linen-shirt-10/')).toBe(false);
    expect(otherMessages('/en/products/', '/en/blogs/')).toBe(true);
    expect(otherMessages('/en/', '/en/products/')).toBe(true);
    expect(otherMessages('/en/checkout/cart/', '/en/account/login/')).toBe(false);
    expect(otherMessages('/en/checkout/cart/', '/en/')).toBe(true);
  });
});
