import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CSRF_TOKEN_PATTERN,
  loginBodySchema,
  newCsrfToken,
  registerFieldsSchema,
  userInfoSchema,
  withConfirmation,
} from './accounts.ts';
import { issueMessage } from './field-errors.ts';
import {
  errorBodySchema,
  fieldErrorsSchema,
  detailErrorSchema,
  idListQuerySchema,
  moneySchema,
  paginated,
  slugIdSchema,
  toFieldErrors,
} from './common.ts';
import { menusSchema } from './content.ts';
import { buildPath, listEndpoints, toRoutePath } from './endpoints.ts';
import { feedbackBodySchema, organizationInfoSchema, reviewsQuerySchema } from './organizations.ts';
import { productsQuerySchema } from './products.ts';
import { addToCartErrorSchema, setCartQuantityBodySchema } from './sales.ts';
import { vendorsQuerySchema } from './vendors.ts';

const meta = { title: 'Shop', description: 'A shop', keywords: 'shop', image: null };
const image = {
  id: 1,
  image: '/media/logo.png',
  imageType: 'logo',
  backgroundColor: null,
};

describe('lists', () => {
  const list = paginated(z.object({ id: z.number() }));

  it('accepts {count, next, previous, results} with absolute URLs or null', () => {
    const body = {
      count: 30,
      next: 'https://shop.test/en/api/products/products/?page=3',
      previous: null,
      results: [{ id: 1 }],
    };
    expect(list.parse(body)).toEqual(body);
  });

  it('rejects relative next links and missing counts', () => {
    expect(
      list.safeParse({ count: 1, next: '/en/api/x/?page=2', previous: null, results: [] }).success,
    ).toBe(false);
    expect(list.safeParse({ next: null, previous: null, results: [] }).success).toBe(false);
  });
});

describe('error bodies', () => {
  it('accepts {detail} and field errors', () => {
    expect(errorBodySchema.parse({ detail: 'Not found.' })).toEqual({ detail: 'Not found.' });
    expect(errorBodySchema.parse({ price__gte: ['Expected a number'] })).toEqual({
      price__gte: ['Expected a number'],
    });
    expect(detailErrorSchema.safeParse({ detail: 1 }).success).toBe(false);
    expect(fieldErrorsSchema.safeParse({ price__gte: 'Expected a number' }).success).toBe(false);
  });

  it('builds field errors from a failed query parse', () => {
    const result = productsQuerySchema.safeParse({ price__gte: 'cheap', page: '0' });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = toFieldErrors(result.error);
    expect(errors['price__gte']).toEqual(['Expected a number']);
    expect(errors['page']).toHaveLength(1);
    expect(fieldErrorsSchema.safeParse(errors).success).toBe(true);
  });

  it('describes the add-to-cart 400', () => {
    expect(addToCartErrorSchema.parse({ productQuantity: 0, quantity: ['Sold out'] })).toEqual({
      productQuantity: 0,
      quantity: ['Sold out'],
    });
  });
});

describe('query coercion', () => {
  it('applies defaults and ignores unknown parameters such as _', () => {
    expect(productsQuerySchema.parse({ _: 'abc123' })).toEqual({
      sort: 'sorting',
      page: 1,
      page_size: 12,
    });
    expect(reviewsQuerySchema.parse({ _: '1' })).toEqual({
      page: 1,
      page_size: 6,
      sorting: 'creation_date',
    });
    expect(vendorsQuerySchema.parse({})).toEqual({ page: 1, size: 12 });
  });

  it('coerces numbers and comma lists of ids', () => {
    expect(
      productsQuerySchema.parse({
        price__gte: '10.5',
        price__lte: '99',
        attrs__id: '1,2',
        values__id: ['3', '4,5'],
        page: '2',
        page_size: '24',
        sort: '-price',
      }),
    ).toEqual({
      price__gte: 10.5,
      price__lte: 99,
      attrs__id: [1, 2],
      values__id: [3, 4, 5],
      page: 2,
      page_size: 24,
      sort: '-price',
    });
    expect(idListQuerySchema.parse([1, 2])).toEqual([1, 2]);
  });

  it.each([
    [{ price__gte: 'abc' }, 'price__gte'],
    [{ price__gte: '-1' }, 'price__gte'],
    [{ price__lte: '' }, 'price__lte'],
    [{ attrs__id: '1,x' }, 'attrs__id'],
    [{ values__id: '0' }, 'values__id'],
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page_size: '101' }, 'page_size'],
    [{ sort: 'random' }, 'sort'],
  ])('rejects %j', (query, field) => {
    const result = productsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('reads ids from slugs', () => {
    expect(slugIdSchema.parse('linen-shirt-12')).toBe(12);
    expect(slugIdSchema.parse('12')).toBe(12);
    expect(slugIdSchema.parse(7)).toBe(7);
    expect(slugIdSchema.safeParse('linen-shirt').success).toBe(false);
  });
});

describe('money', () => {
  it.each([0, 0.07, 19.99, 1234.5])('accepts %d', (value) => {
    expect(moneySchema.safeParse(value).success).toBe(true);
  });
  it.each([0.001, 19.999, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (value) => {
    expect(moneySchema.safeParse(value).success).toBe(false);
  });
});

describe('resources', () => {
  it('parses shop info', () => {
    const info = {
      id: 1,
      visible: true,
      active: true,
      cart: true,
      title: 'Shop',
      description: 'A shop',
      email: 'shop@example.com',
      phone: '+49 30 1234567',
      address: 'Main street 1',
      currency: 'EUR',
      images: [image],
      gTag: null,
      googleSearchConsoleCode: null,
      canonicalUrl: 'https://shop.test',
      meta,
    };
    expect(organizationInfoSchema.parse(info)).toEqual(info);
    expect(organizationInfoSchema.safeParse({ ...info, currency: 'euro' }).success).toBe(false);
  });

  it('parses nested menus', () => {
    const menus = [
      {
        id: 1,
        parentId: null,
        title: 'Shop',
        url: '/products/',
        location: 'header',
        children: [
          {
            id: 2,
            parentId: 1,
            title: 'New',
            url: '/products/?sort=-created',
            location: 'header',
            children: [],
          },
        ],
      },
    ];
    expect(menusSchema.parse(menus)).toEqual(menus);
    expect(menusSchema.safeParse([{ ...menus[0], children: [{ id: 'x' }] }]).success).toBe(false);
  });

  it('parses user info with discounts', () => {
    const user = {
      id: 3,
      email: 'a@b.de',
      firstName: 'Ann',
      lastName: 'Lee',
      isStaff: false,
      noCache: false,
      newsletter: false,
      locale: 'de',
      discounts: [{ value: 10, start: '2025-01-01T00:00:00.000Z', end: null, user: true }],
      personalPrices: true,
    };
    expect(userInfoSchema.parse(user)).toEqual(user);
  });
});

describe('bodies', () => {
  it('validates login and cart bodies', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.de', password: 'x' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
    expect(setCartQuantityBodySchema.safeParse({ quantity: 0 }).success).toBe(true);
    expect(setCartQuantityBodySchema.safeParse({ quantity: -1 }).success).toBe(false);
    expect(setCartQuantityBodySchema.safeParse({ quantity: 1.5 }).success).toBe(false);
  });

  it('bounds feedback', () => {
    const ok = { name: 'Ann', email: 'a@b.de', subject: 'Hi', message: 'Hello there, shop!' };
    expect(feedbackBodySchema.safeParse(ok).success).toBe(true);
    expect(feedbackBodySchema.safeParse({ ...ok, message: 'short' }).success).toBe(false);
    expect(feedbackBodySchema.safeParse({ ...ok, name: 'x'.repeat(101) }).success).toBe(false);
    expect(feedbackBodySchema.safeParse({ ...ok, subject: ' ' }).success).toBe(false);
    expect(feedbackBodySchema.safeParse({ ...ok, phone: 'call me' }).success).toBe(false);
  });

  it('maps issues to the spec’s form message keys', () => {
    // The register form: the API's fields and the repetition of the password.
    const form = registerFieldsSchema
      .extend({ passwordConfirmation: z.string() })
      .superRefine(withConfirmation);
    const key = (issue: z.core.$ZodIssue) => [issue.path.join('.'), issueMessage(issue).key];
    const result = form.safeParse({
      email: 'nope',
      password: 'long enough',
      passwordConfirmation: 'long enough',
      firstName: 'Ann',
      lastName: 'L33',
    });
    expect(result.error?.issues.map(key)).toEqual([
      ['email', 'forms.email'],
      ['lastName', 'forms.alpha'],
    ]);
    const confirm = form.safeParse({
      email: 'a@b.de',
      password: 'long enough',
      passwordConfirmation: 'different',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(confirm.error?.issues.map(key)).toEqual([['passwordConfirmation', 'forms.confirmed']]);
    const missing = loginBodySchema.safeParse({});
    expect(missing.error?.issues.map((issue) => issueMessage(issue).key)).toEqual([
      'forms.required',
      'forms.required',
    ]);
  });
});

describe('endpoints', () => {
  it('declares unique method + path pairs with spec paths', () => {
    const all = listEndpoints();
    const keys = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /api/organizations/organization_info/');
    expect(keys).toContain('GET /api/products/products/{id}/detail_view/');
    expect(keys).toContain('PATCH /api/sales/cart_products/{productId}/');
    expect(all.every(({ endpoint }) => endpoint.path.startsWith('/'))).toBe(true);
  });

  it('builds paths and route patterns', () => {
    expect(buildPath('/api/content/pages/{slug}/', { slug: 'about us' })).toBe(
      '/api/content/pages/about%20us/',
    );
    expect(() => buildPath('/api/x/{id}/')).toThrow(/id/);
    expect(toRoutePath('/api/organizations/vendors/{id}/blogs/{itemId}/')).toBe(
      '/api/organizations/vendors/:id/blogs/:itemId/',
    );
  });
});

describe('CSRF tokens', () => {
  it('issues 43 URL-safe characters that the shop itself accepts, each one new', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newCsrfToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(CSRF_TOKEN_PATTERN.test(token)).toBe(true);
    }
  });

  it('refuses a cookie too short, too long or with other characters', () => {
    for (const bad of [
      'a'.repeat(31),
      'a'.repeat(65),
      `${'a'.repeat(40)} x`,
      `${'a'.repeat(40)}=`,
    ]) {
      expect(CSRF_TOKEN_PATTERN.test(bad)).toBe(false);
    }
  });
});
