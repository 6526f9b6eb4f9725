// Which host names the storefront answers under (docs/decisions/0045-host-names.md).
// Without PUBLIC_URL (development, a first try on a laptop or a phone on the same network) the
// shop works under whatever name it was reached by; with PUBLIC_URL it lives at that origin only.
// Either way a form posted from another origin is refused here, with the shop's error screen,
// before React Router's own check (which would answer a bare 500) ever sees it.

/** How the shop was configured: its public origin, and whether PUBLIC_URL pinned it. */
export type HostRule = { publicOrigin: string; pinned: boolean };

/** What of a page request the rule reads. `host` follows TRUST_PROXY (Fastify's `req.host`). */
export type HostRequest = {
  method: string;
  /** Path and query as the request line had them. */
  url: string;
  host: string;
  /** The Origin header, if the client sent one. */
  origin: string | undefined;
};

export type HostVerdict =
  | { kind: 'serve' }
  /** A read under another name than PUBLIC_URL's: 308 to the same path there. */
  | { kind: 'redirect'; location: string }
  /** A form posted from another origin: 403, telling the shopper where the shop is. */
  | { kind: 'refuse'; shopAddress: string };

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

export function hostVerdict(rule: HostRule, req: HostRequest): HostVerdict {
  const publicHost = new URL(rule.publicOrigin).host;
  if (READS.has(req.method)) {
    if (rule.pinned && req.host !== publicHost) {
      const path = req.url.startsWith('/') ? req.url : '/';
      return { kind: 'redirect', location: `${rule.publicOrigin}${path}` };
    }
    return { kind: 'serve' };
  }
  // A client that sends no Origin (curl, a very old browser) is no browser-made cross-site post;
  // the CSRF token still guards every write.
  if (req.origin === undefined) return { kind: 'serve' };
  if (rule.pinned) {
    return req.origin === rule.publicOrigin
      ? { kind: 'serve' }
      : { kind: 'refuse', shopAddress: rule.publicOrigin };
  }
  // Unpinned, the name the browser used is the shop's name for this visit. The scheme is not
  // compared: without PUBLIC_URL a TLS proxy in front may make the browser's https an http here.
  return hostOf(req.origin) === req.host
    ? { kind: 'serve' }
    : { kind: 'refuse', shopAddress: `http://${req.host}` };
}
