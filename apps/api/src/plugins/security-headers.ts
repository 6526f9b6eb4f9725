import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '@shop/contract';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * How long a page's security headers wait for the shop's analytics setting before they take the
 * last one known (decision 0075): well above a healthy read (a kept value, or one indexed row),
 * far below a statement timeout.
 */
export const ANALYTICS_WAIT_MS = 250;

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce: every inline `<script>`/`<style>` the page writes carries it. */
    cspNonce: string;
  }
}

export type SecurityHeaderOptions = {
  /** The shop's public origin (PUBLIC_URL); an https one turns HSTS on. */
  publicOrigin: string;
};

/**
 * The only pages another page may frame, and only a page of this origin: the payment frames the
 * order page embeds, the account step's end page, and the test-card provider's hosted page.
 */
export const FRAMEABLE_PATH =
  /^\/[a-z]{2}\/(?:checkout\/(?:success|cancel)_frame|account\/success_frame)\/|^\/payments\/test-card\//;

/** Pages and API answers about one shopper, whoever asks: never stored by any cache. */
const PERSONAL_PATH =
  /^\/[a-z]{2}\/(?:checkout|account)\/|^\/[a-z]{2}\/api\/(?:accounts|sales)\/|^\/[a-z]{2}\/api\/.*\/(?:wishlist|reviews\/my|feedbacks)\b|^\/payments\//;

/** Pages, their data and the API: what may differ with the caller's session. */
const LOCALE_PATH = /^\/[a-z]{2}(?:\/|$)/;
const API_PATH = /^\/[a-z]{2}\/api\//;

/** Google's tag (components/cookie-consent.tsx), allowed only when the shop configures it. */
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

export type PolicyInput = {
  nonce: string;
  frameable: boolean;
  analytics: boolean;
  https: boolean;
  /** Swagger UI (`/api/docs`) injects `<style>` elements from its script: allowed there only. */
  inlineStyles?: boolean;
};

/**
 * The Content-Security-Policy of one response (decision 0020). Scripts: this origin and the
 * response's nonce, never inline code without it. Style attributes stay allowed
 * (`style-src-attr`): React writes a few (the progress bar, the FAQ's height) and the shop's rich
 * text carries them; `<style>` elements need the nonce like scripts.
 */
export function contentSecurityPolicy({
  nonce,
  frameable,
  analytics,
  https,
  inlineStyles = false,
}: PolicyInput): string {
  const extra = (hosts: string[]) => (analytics ? hosts.map((h) => ` ${h}`).join('') : '');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(ANALYTICS.script)}`,
    // A nonce would switch 'unsafe-inline' off, so the docs' policy has none for styles.
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(ANALYTICS.img)}`,
    "font-src 'self'",
    `connect-src 'self'${extra(ANALYTICS.connect)}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? "'self'" : "'none'"}`,
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'browsing-topics=()',
].join(', ');

const hasCookie = (req: FastifyRequest, name: string) =>
  typeof req.headers.cookie === 'string' &&
  req.headers.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));

/**
 * Who may keep a copy (decision 0021): nothing that sets a cookie or is about one shopper
 * (a session, the cart, the account, any write) is stored anywhere; other answers keep what their
 * route said; pages, which carry the browser's CSRF token and a one-time nonce, may be kept by
 * the browser only and must be revalidated; other API reads may be cached if revalidated.
 */
function cacheControl(req: FastifyRequest, reply: FastifyReply, path: string): void {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const personal =
    reply.hasHeader('set-cookie') ||
    PERSONAL_PATH.test(path) ||
    (LOCALE_PATH.test(path) && (!read || hasCookie(req, SESSION_COOKIE)));
  if (personal) {
    reply.header('Cache-Control', 'private, no-store');
    return;
  }
  if (reply.hasHeader('cache-control')) return;
  if (API_PATH.test(path)) {
    reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
  } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply.header('Cache-Control', 'private, no-cache');
  }
}

/**
 * Security headers on every answer of the one origin — pages, API, media, assets — written here
 * rather than by @fastify/helmet because the policy depends on the route (frames) and the shop
 * (analytics) and its nonce is shared with the storefront's renderer (decision 0020).
 */
export const securityHeadersPlugin = fp<SecurityHeaderOptions>(
  async (app, { publicOrigin }) => {
    const https = publicOrigin.startsWith('https://');
    app.decorateRequest('cspNonce', '');
    app.addHook('onRequest', async (req) => {
      req.cspNonce = randomBytes(16).toString('base64');
    });
    app.addHook('onSend', async (req, reply, payload) => {
      // Answered by an earlier onRequest hook (an unknown locale, a refused write): none yet.
      if (!req.cspNonce) req.cspNonce = randomBytes(16).toString('base64');
      const path = req.url.split('?', 1)[0] ?? '/';
      const frameable = FRAMEABLE_PATH.test(path);
      // A static file that brought its own policy (the offline page's hashes) keeps it.
      if (!reply.hasHeader('content-security-policy')) {
        const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
        // An error screen loads no tag, and must not wait for the shop's settings: while the
        // database is silent (a partition) that read would hold the 503 a statement timeout.
        const analytics =
          html && reply.statusCode < 500 && LOCALE_PATH.test(path) && (await shopHasAnalytics(req));
        reply.header(
          'Content-Security-Policy',
          contentSecurityPolicy({
            nonce: req.cspNonce,
            frameable,
            analytics,
            https,
            inlineStyles: path.startsWith('/api/docs/'),
          }),
        );
      }
      reply.header('X-Frame-Options', frameable ? 'SAMEORIGIN' : 'DENY');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      cacheControl(req, reply, path);
      return payload;
    });

    /** The analytics setting each language's last read found (a page in every language reads it). */
    const lastKnown = new Map<Locale, boolean>();

    /**
     * Whether the shop has Google's tag configured. The read is the shop info's (kept a few
     * seconds), but its change count may be due: while the database is silent (a partition) that
     * read waits a statement timeout, and a kept page, answered without the database, would wait
     * with it. Once a setting is known the answer waits ANALYTICS_WAIT_MS at most, then takes the
     * last one known; the read goes on and what it finds is the next page's. A changed setting
     * shows on the next page whenever the database answers within the wait. An unreachable
     * database means the last setting known; none known yet, no tag.
     */
    async function shopHasAnalytics(req: FastifyRequest): Promise<boolean> {
      const { locale } = req;
      const read = app.shopInfo(locale).then(
        (shop) => {
          const analytics = Boolean(shop?.gTag);
          lastKnown.set(locale, analytics);
          return analytics;
        },
        () => lastKnown.get(locale) ?? false,
      );
      const known = lastKnown.get(locale);
      if (known === undefined) return read;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(lastKnown.get(locale) ?? known), ANALYTICS_WAIT_MS);
      });
      try {
        return await Promise.race([read, late]);
      } finally {
        clearTimeout(timer);
      }
    }
  },
  { name: 'security-headers', dependencies: ['shop-guard'] },
);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy of a static HTML file (the offline page the service worker keeps): a nonce cannot
 * reach a file on disk, so its own inline `<script>`s and `<style>`s are allowed by their hashes
 * and nothing else inline runs.
 */
export function staticPagePolicy(html: string): string {
  const hashes = (tag: 'script' | 'style') =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))]
      .map((m) => ` ${sha256(m[1] ?? '')}`)
      .join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes('script')}`,
    `style-src 'self'${hashes('style')}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
