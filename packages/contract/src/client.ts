import type { z } from 'zod';
import { csrfResponseSchema } from './accounts.ts';
import type { Locale } from './common.ts';
import {
  cartDisabledErrorSchema,
  detailErrorSchema,
  errorBodySchema,
  SUPPORTED_LOCALES,
  type CartDisabledError,
} from './common.ts';
import type { ErrorBody } from './common.ts';
import { buildPath, endpoints, UNSAFE_METHODS } from './endpoints.ts';
import type { EndpointDef, Endpoints, HttpMethod, PathParamNames } from './endpoints.ts';

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
  /**
   * What a failed read throws instead of the ApiError (the server maps statuses to page errors
   * here, once). Writes always throw the ApiError: their 400 bodies are field errors for forms.
   */
  mapReadError?: (error: ApiError) => unknown;
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

/**
 * The API's refusal of a cart or checkout write because the shop's cart is off (decision 0071):
 * told apart by its code, not by its words; `detail` is already in the caller's language.
 */
export function cartDisabledRefusal(error: unknown): CartDisabledError | null {
  if (!isApiError(error, 400)) return null;
  const parsed = cartDisabledErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/**
 * The API's 503 of a busy shop (`code: 'busy'`, decision 0088): refused before anything of the
 * request was written, so the same request a moment later is safe. Null for any other error.
 */
export function isBusyRefusal(error: unknown): boolean {
  if (!isApiError(error, 503)) return false;
  const parsed = detailErrorSchema.safeParse(error.body);
  return parsed.success && parsed.data.code === 'busy';
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
  /** Statuses the caller handles itself: thrown as the ApiError even where reads are mapped. */
  expect?: readonly number[] | undefined;
};

/** Per-call options every typed method accepts. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'clean' | 'signal' | 'expect'>;

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

/** A flat body with a file among its values (a picture upload) as a multipart form, else null. */
function formDataOf(body: unknown): FormData | null {
  if (!body || typeof body !== 'object') return null;
  const entries = Object.entries(body);
  if (!entries.some(([, value]) => value instanceof Blob)) return null;
  const form = new FormData();
  for (const [name, value] of entries) {
    if (value instanceof Blob) form.append(name, value);
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
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
    // A body holding a file goes as a multipart form (its boundary set by the runtime), else JSON.
    const form = formDataOf(request.body);
    if (request.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    Object.assign(headers, request.headers);

    const target = url(path, request.query, request.root);
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (form) init.body = form;
    else if (request.body !== undefined) init.body = JSON.stringify(request.body);
    if (request.signal) init.signal = request.signal;

    const response = await doFetch(target, init);
    const body = await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, body, method, target);
      const map =
        method === 'GET' && !request.expect?.includes(response.status)
          ? options.mapReadError
          : undefined;
      throw map ? map(error) : error;
    }
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

  /** Every endpoint of the table as a method, grouped as in the table: `api.sales.cart()`. */
  const methods = Object.fromEntries(
    Object.entries(endpoints).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members).map(([name, endpoint]: [string, EndpointDef]) => [
          name,
          (args?: CallArgs<EndpointDef>) => call(endpoint, args as never),
        ]),
      ),
    ]),
  ) as unknown as EndpointMethods;

  // Spec section 7: the languages answer is filtered to the codes this storefront supports.
  const languages: EndpointMethods['core']['languages'] = async (...args) =>
    (await call(endpoints.core.languages, ...args)).filter((language) =>
      isSupportedLocale(language.code),
    );

  return {
    cacheVersion,
    baseUrl,
    request,
    call,
    ...methods,
    core: { ...methods.core, languages },
  };
}

/** A method per endpoint; its one argument holds params, query, body and call options. */
export type EndpointMethod<E extends EndpointDef> = (
  ...args: object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>]
) => Promise<ResponseOf<E>>;

export type EndpointMethods = {
  readonly [G in keyof Endpoints]: {
    readonly [N in keyof Endpoints[G]]: Endpoints[G][N] extends EndpointDef
      ? EndpointMethod<Endpoints[G][N]>
      : never;
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
