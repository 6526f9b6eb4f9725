import type { z } from 'zod';
import { csrfResponseSchema } from './accounts.ts';
import type { Locale } from './common.ts';
import { errorBodySchema, SUPPORTED_LOCALES } from './common.ts';
import type { ErrorBody } from './common.ts';
import { buildPath, endpoints, UNSAFE_METHODS } from './endpoints.ts';
import type { EndpointDef, HttpMethod, PathParamNames } from './endpoints.ts';

/*
 * The typed API client. One instance per shopper context (browser tab, or one server request with
 * that request's cookies): base path `{host}/{locale}`, a cache-busting `_` on every call, the
 * Django-style CSRF double submit before writes.
 */

export type ApiClientOptions = {
  /** Origin of the API, e.g. 'https://shop.example' (a trailing slash is dropped). */
  host: string;
  locale: Locale;
  /** Transport; defaults to the global fetch (pass one wrapping Fastify `inject` in-process). */
  fetch?: typeof fetch;
  /** Value of the `_` query parameter; random per client when absent. */
  cacheVersion?: string;
  /** When true, calls send `Cache-Control: no-cache` (the user's setting). */
  noCache?: () => boolean;
  /** Reads a cookie; defaults to `document.cookie` in a browser, nothing on the server. */
  getCookie?: (name: string) => string | undefined;
  /** Sent with every call (e.g. the incoming request's Cookie header on the server). */
  headers?: Record<string, string>;
};

/** A non-2xx answer. `body` is the parsed JSON (or text, or undefined when empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly method: HttpMethod;
  readonly url: string;

  constructor(status: number, body: unknown, method: HttpMethod, url: string) {
    super(`${method} ${url} answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.method = method;
    this.url = url;
  }

  /** The body as the contract's error body, when it is one. */
  get errorBody(): ErrorBody | undefined {
    const parsed = errorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryInput = Readonly<Record<string, QueryValue>>;

export type RequestOptions = {
  query?: QueryInput | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** Send `Cache-Control: no-cache` for this call regardless of the setting. */
  clean?: boolean | undefined;
  /** Resolve `path` against `{host}` instead of `{host}/{locale}`. */
  root?: boolean | undefined;
  signal?: AbortSignal | undefined;
};

/** Per-call options every typed method accepts. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'clean' | 'signal'>;

type ParamsArg<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string | number> };
type QueryArg<E extends EndpointDef> = E extends { query: infer Q extends z.ZodType }
  ? { query?: z.input<Q> }
  : { query?: undefined };
type BodyArg<E extends EndpointDef> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: undefined };

export type CallArgs<E extends EndpointDef> = ParamsArg<E> & QueryArg<E> & BodyArg<E> & CallOptions;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

/** Query values as the wire wants them: arrays as comma lists, absent values dropped. */
export function serializeQuery(query: QueryInput | undefined, params = new URLSearchParams()) {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

function browserCookie(name: string): string | undefined {
  const cookie = (globalThis as { document?: { cookie?: string } }).document?.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isSupportedLocale(code: string): code is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(code);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const host = options.host.replace(/\/+$/, '');
  const baseUrl = `${host}/${options.locale}`;
  const cacheVersion = options.cacheVersion ?? Math.random().toString(36).slice(2, 10);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const getCookie = options.getCookie ?? browserCookie;

  function url(path: string, query: QueryInput | undefined, root: boolean | undefined) {
    const params = serializeQuery(query);
    params.set('_', cacheVersion);
    const separator = path.includes('?') ? '&' : '?';
    return `${root ? host : baseUrl}${path}${separator}${params.toString()}`;
  }

  async function send(method: HttpMethod, path: string, request: RequestOptions, csrf?: string) {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...options.headers,
    };
    if (request.clean || options.noCache?.()) headers['Cache-Control'] = 'no-cache';
    if (csrf !== undefined) headers['X-CSRFToken'] = csrf;
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    Object.assign(headers, request.headers);

    const target = url(path, request.query, request.root);
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (request.body !== undefined) init.body = JSON.stringify(request.body);
    if (request.signal) init.signal = request.signal;

    const response = await doFetch(target, init);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body, method, target);
    return body;
  }

  /** The cookie's token, else the one a fresh GET of the login endpoint sets (and answers). */
  async function csrfToken(signal: AbortSignal | undefined): Promise<string> {
    const cookie = getCookie('csrftoken');
    if (cookie) return cookie;
    const answer = csrfResponseSchema.parse(
      await send('GET', endpoints.accounts.csrf.path, { signal }),
    );
    return getCookie('csrftoken') || answer.csrfToken;
  }

  /** Low level: any method and path under the base path; answers the parsed JSON body. */
  async function request(method: HttpMethod, path: string, request: RequestOptions = {}) {
    const csrf = UNSAFE_METHODS.includes(method) ? await csrfToken(request.signal) : undefined;
    return send(method, path, request, csrf);
  }

  /** Calls a declared endpoint and parses the answer with its response schema. */
  async function call<E extends EndpointDef>(
    endpoint: E,
    ...[args]: object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>]
  ): Promise<ResponseOf<E>> {
    const { params, query, body, ...rest } = (args ?? {}) as {
      params?: Record<string, string | number>;
      query?: QueryInput;
      body?: unknown;
    } & CallOptions;
    const data = await request(endpoint.method, buildPath(endpoint.path, params), {
      ...rest,
      query,
      body,
      root: endpoint.root,
    });
    return endpoint.response.parse(data) as ResponseOf<E>;
  }

  type Id = string | number;
  const e = endpoints;

  return {
    cacheVersion,
    baseUrl,
    request,
    call,

    accounts: {
      csrf: (o?: CallOptions) => call(e.accounts.csrf, o),
      login: (body: CallArgs<typeof e.accounts.login>['body'], o?: CallOptions) =>
        call(e.accounts.login, { ...o, body }),
      userInfo: (o?: CallOptions) => call(e.accounts.userInfo, o),
      updateUserInfo: (body: CallArgs<typeof e.accounts.updateUserInfo>['body'], o?: CallOptions) =>
        call(e.accounts.updateUserInfo, { ...o, body }),
      logout: (o?: CallOptions) => call(e.accounts.logout, o),
      register: (body: CallArgs<typeof e.accounts.register>['body'], o?: CallOptions) =>
        call(e.accounts.register, { ...o, body }),
      passwordReset: (body: CallArgs<typeof e.accounts.passwordReset>['body'], o?: CallOptions) =>
        call(e.accounts.passwordReset, { ...o, body }),
      passwordResetConfirm: (
        body: CallArgs<typeof e.accounts.passwordResetConfirm>['body'],
        o?: CallOptions,
      ) => call(e.accounts.passwordResetConfirm, { ...o, body }),
      confirmEmail: (body: CallArgs<typeof e.accounts.confirmEmail>['body'], o?: CallOptions) =>
        call(e.accounts.confirmEmail, { ...o, body }),
    },

    organizations: {
      info: (o?: CallOptions) => call(e.organizations.info, o),
      manifest: (o?: CallOptions) => call(e.organizations.manifest, o),
      reviews: (query?: CallArgs<typeof e.organizations.reviews>['query'], o?: CallOptions) =>
        call(e.organizations.reviews, { ...o, query }),
      myReviews: (query?: CallArgs<typeof e.organizations.myReviews>['query'], o?: CallOptions) =>
        call(e.organizations.myReviews, { ...o, query }),
      createReview: (
        body: CallArgs<typeof e.organizations.createReview>['body'],
        o?: CallOptions,
      ) => call(e.organizations.createReview, { ...o, body }),
      deleteReview: (id: Id, o?: CallOptions) =>
        call(e.organizations.deleteReview, { ...o, params: { id } }),
      feedback: (body: CallArgs<typeof e.organizations.feedback>['body'], o?: CallOptions) =>
        call(e.organizations.feedback, { ...o, body }),
    },

    core: {
      /** Only the languages this storefront supports (spec: filtered to supported codes). */
      languages: async (o?: CallOptions) =>
        (await call(e.core.languages, o)).filter((language) => isSupportedLocale(language.code)),
      messages: (locale: Locale = options.locale, o?: CallOptions) =>
        call(e.core.messages, { ...o, params: { locale } }),
      deliveryCountries: (o?: CallOptions) => call(e.core.deliveryCountries, o),
      deliveryRegions: (country: Id, o?: CallOptions) =>
        call(e.core.deliveryRegions, { ...o, query: { country } }),
      deliveryCities: (region: Id, o?: CallOptions) =>
        call(e.core.deliveryCities, { ...o, query: { region } }),
    },

    content: {
      menus: (o?: CallOptions) => call(e.content.menus, o),
      widgets: (o?: CallOptions) => call(e.content.widgets, o),
      blogs: (query?: CallArgs<typeof e.content.blogs>['query'], o?: CallOptions) =>
        call(e.content.blogs, { ...o, query }),
      blog: (id: Id, o?: CallOptions) => call(e.content.blog, { ...o, params: { id } }),
      blogDetail: (id: Id, o?: CallOptions) => call(e.content.blogDetail, { ...o, params: { id } }),
      searchBlogs: (query: CallArgs<typeof e.content.searchBlogs>['query'], o?: CallOptions) =>
        call(e.content.searchBlogs, { ...o, query }),
      faqs: (o?: CallOptions) => call(e.content.faqs, o),
      page: (slug: string, o?: CallOptions) => call(e.content.page, { ...o, params: { slug } }),
    },

    deliveries: {
      list: (o?: CallOptions) => call(e.deliveries.list, o),
    },

    payments: {
      list: (o?: CallOptions) => call(e.payments.list, o),
    },

    sales: {
      cart: (o?: CallOptions) => call(e.sales.cart, o),
      setCartQuantity: (
        productId: Id,
        body: CallArgs<typeof e.sales.setCartQuantity>['body'],
        o?: CallOptions,
      ) => call(e.sales.setCartQuantity, { ...o, params: { productId }, body }),
      removeFromCart: (
        productId: Id,
        query?: CallArgs<typeof e.sales.removeFromCart>['query'],
        o?: CallOptions,
      ) => call(e.sales.removeFromCart, { ...o, params: { productId }, query }),
      applyPromoCode: (body: CallArgs<typeof e.sales.applyPromoCode>['body'], o?: CallOptions) =>
        call(e.sales.applyPromoCode, { ...o, body }),
      removePromoCode: (o?: CallOptions) => call(e.sales.removePromoCode, o),
      orders: (query?: CallArgs<typeof e.sales.orders>['query'], o?: CallOptions) =>
        call(e.sales.orders, { ...o, query }),
      order: (id: Id, o?: CallOptions) => call(e.sales.order, { ...o, params: { id } }),
      checkout: (body: CallArgs<typeof e.sales.checkout>['body'], o?: CallOptions) =>
        call(e.sales.checkout, { ...o, body }),
      repeatOrder: (body: CallArgs<typeof e.sales.repeatOrder>['body'], o?: CallOptions) =>
        call(e.sales.repeatOrder, { ...o, body }),
    },

    products: {
      list: (query?: CallArgs<typeof e.products.list>['query'], o?: CallOptions) =>
        call(e.products.list, { ...o, query }),
      search: (query: CallArgs<typeof e.products.search>['query'], o?: CallOptions) =>
        call(e.products.search, { ...o, query }),
      /** `clean: true` bypasses caches (`Cache-Control: no-cache`). */
      get: (id: Id, o?: CallOptions) => call(e.products.get, { ...o, params: { id } }),
      detail: (id: Id, o?: CallOptions) => call(e.products.detail, { ...o, params: { id } }),
      variations: (id: Id, o?: CallOptions) =>
        call(e.products.variations, { ...o, params: { id } }),
      filtersAttributes: (
        query?: CallArgs<typeof e.products.filtersAttributes>['query'],
        o?: CallOptions,
      ) => call(e.products.filtersAttributes, { ...o, query }),
      facets: (query?: CallArgs<typeof e.products.facets>['query'], o?: CallOptions) =>
        call(e.products.facets, { ...o, query }),
      priceRange: (query?: CallArgs<typeof e.products.priceRange>['query'], o?: CallOptions) =>
        call(e.products.priceRange, { ...o, query }),
      attributes: (query?: CallArgs<typeof e.products.attributes>['query'], o?: CallOptions) =>
        call(e.products.attributes, { ...o, query }),
      attribute: (id: Id, o?: CallOptions) => call(e.products.attribute, { ...o, params: { id } }),
      attributeDetail: (id: Id, o?: CallOptions) =>
        call(e.products.attributeDetail, { ...o, params: { id } }),
      searchAttributes: (
        query: CallArgs<typeof e.products.searchAttributes>['query'],
        o?: CallOptions,
      ) => call(e.products.searchAttributes, { ...o, query }),
      values: (query?: CallArgs<typeof e.products.values>['query'], o?: CallOptions) =>
        call(e.products.values, { ...o, query }),
      attributeValues: (
        id: Id,
        query?: CallArgs<typeof e.products.attributeValues>['query'],
        o?: CallOptions,
      ) => call(e.products.attributeValues, { ...o, params: { id }, query }),
      value: (id: Id, o?: CallOptions) => call(e.products.value, { ...o, params: { id } }),
      searchValues: (query: CallArgs<typeof e.products.searchValues>['query'], o?: CallOptions) =>
        call(e.products.searchValues, { ...o, query }),
      bundles: (query?: CallArgs<typeof e.products.bundles>['query'], o?: CallOptions) =>
        call(e.products.bundles, { ...o, query }),
      bundle: (id: Id, o?: CallOptions) => call(e.products.bundle, { ...o, params: { id } }),
      bundleDetail: (id: Id, o?: CallOptions) =>
        call(e.products.bundleDetail, { ...o, params: { id } }),
      reviews: (query?: CallArgs<typeof e.products.reviews>['query'], o?: CallOptions) =>
        call(e.products.reviews, { ...o, query }),
      myReviews: (query?: CallArgs<typeof e.products.myReviews>['query'], o?: CallOptions) =>
        call(e.products.myReviews, { ...o, query }),
      createReview: (body: CallArgs<typeof e.products.createReview>['body'], o?: CallOptions) =>
        call(e.products.createReview, { ...o, body }),
      deleteReview: (id: Id, o?: CallOptions) =>
        call(e.products.deleteReview, { ...o, params: { id } }),
    },

    wishlist: {
      list: (query?: CallArgs<typeof e.wishlist.list>['query'], o?: CallOptions) =>
        call(e.wishlist.list, { ...o, query }),
      get: (id: Id, o?: CallOptions) => call(e.wishlist.get, { ...o, params: { id } }),
      add: (body: CallArgs<typeof e.wishlist.add>['body'], o?: CallOptions) =>
        call(e.wishlist.add, { ...o, body }),
      update: (id: Id, body: CallArgs<typeof e.wishlist.update>['body'], o?: CallOptions) =>
        call(e.wishlist.update, { ...o, params: { id }, body }),
      remove: (id: Id, o?: CallOptions) => call(e.wishlist.remove, { ...o, params: { id } }),
    },

    vendors: {
      list: (query?: CallArgs<typeof e.vendors.list>['query'], o?: CallOptions) =>
        call(e.vendors.list, { ...o, query }),
      get: (id: Id, o?: CallOptions) => call(e.vendors.get, { ...o, params: { id } }),
      products: (id: Id, query?: CallArgs<typeof e.vendors.products>['query'], o?: CallOptions) =>
        call(e.vendors.products, { ...o, params: { id }, query }),
      product: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.product, { ...o, params: { id, itemId } }),
      productChildren: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.productChildren, { ...o, params: { id, itemId } }),
      blogs: (id: Id, query?: CallArgs<typeof e.vendors.blogs>['query'], o?: CallOptions) =>
        call(e.vendors.blogs, { ...o, params: { id }, query }),
      blog: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.blog, { ...o, params: { id, itemId } }),
      blogChildren: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.blogChildren, { ...o, params: { id, itemId } }),
      pages: (id: Id, query?: CallArgs<typeof e.vendors.pages>['query'], o?: CallOptions) =>
        call(e.vendors.pages, { ...o, params: { id }, query }),
      page: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.page, { ...o, params: { id, itemId } }),
      pageChildren: (id: Id, itemId: Id, o?: CallOptions) =>
        call(e.vendors.pageChildren, { ...o, params: { id, itemId } }),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
