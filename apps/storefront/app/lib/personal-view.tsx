// The kept page as a template with personal holes (docs/decisions/0067-personal-template.md):
// a page on an allowlisted route is rendered once without a session in *template mode*, where
// everything that belongs to one shopper renders as markers; the server fills them per request
// with that shopper's view (`fillPersonal`) and adds the view as inline JSON, which the
// components read on their first hydration instead of the template's visitor loader data.
import { Fragment, type ReactNode } from 'react';
import { createContext, useRouteLoaderData } from 'react-router';
import type { Badges, UserInfo } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';

/** Product id → wishlist item id, of the products the shopper saved. */
export type SavedProducts = Record<number, number>;

/** From the badges' newest saved products (`sales.badges`: at most BADGE_SAVED_MAX of them). */
export const savedProducts = (items: Badges['saved']): SavedProducts =>
  Object.fromEntries(items.map((item) => [item.product, item.id]));

/**
 * Everything a templated page shows that belongs to one shopper: whether and as whom they are
 * signed in (the header's log-in/log-out), the header's two counters and the cards' hearts.
 */
export type PersonalView = {
  user: UserInfo | null;
  /** The cart's units (`sales.badges`); the header shows them when the shop's cart is on. */
  cartQuantity: number;
  wishlistCount: number;
  /** Null for a visitor: their hearts ask them to log in. */
  saved: SavedProducts | null;
};

/** A visitor's view: what the template's loaders return in template mode. */
export const VISITOR_VIEW: PersonalView = {
  user: null,
  cartQuantity: 0,
  wishlistCount: 0,
  saved: null,
};

/** The personal view of a user and their badges, as the shop layout's loader derives it. */
export const personalViewOf = (user: UserInfo | null, badges: Badges | null): PersonalView => ({
  user,
  cartQuantity: badges?.cartQuantity ?? 0,
  wishlistCount: user ? (badges?.wishlistCount ?? 0) : 0,
  saved: user ? savedProducts(badges?.saved ?? []) : null,
});

/** Set by the server for a template render (entry.server.tsx `createLoadContext`). */
export const templateModeContext = createContext<boolean>(false);

/** The id of the inline JSON script that carries the filled page's view. */
export const PERSONAL_VIEW_ID = 'personal-view';

// Markers: private-use characters, which React writes as they are and no message contains.
const OPEN = '\uE000';
const NAME_END = '\uE001';
const OR = '\uE002';
const CLOSE = '\uE003';
const HOLE = '\uE004';
const HOLE_END = '\uE005';

/** A text or attribute hole: `fillPersonal` puts the view's value for `name` there. */
export const hole = (name: string) => `${HOLE}${name}${HOLE_END}`;

/**
 * Every variant of a personal element, in the order `fillPersonal`'s chooser for `name` counts
 * them; the filler keeps one. Each variant must be an element (no text next to the markers: React
 * would separate two texts with a comment the filler does not remove).
 */
export function Variants({ name, children }: { name: string; children: ReactNode[] }) {
  return (
    <>
      {`${OPEN}${name}${NAME_END}`}
      {children.map((child, i) => (
        <Fragment key={i}>
          {i > 0 && OR}
          {child}
        </Fragment>
      ))}
      {CLOSE}
    </>
  );
}

const VARIANTS = new RegExp(`${OPEN}([^${NAME_END}]*)${NAME_END}([^${CLOSE}]*)${CLOSE}`, 'g');
const HOLES = new RegExp(`${HOLE}([^${HOLE_END}]*)${HOLE_END}`, 'g');

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** What the header shows as counts: the cart's only while the shop sells (its `cart` switch). */
export type ShownCounts = { cartCount: number; wishlistCount: number };

/** Which variant of `name` the view shows (its index in `Variants`' children). */
function choose(name: string, view: PersonalView): number {
  if (name === 'signedIn') return view.user ? 0 : 1;
  const heart = /^heart:(\d+)$/.exec(name);
  if (heart) {
    if (view.saved === null) return 0;
    return view.saved[Number(heart[1])] === undefined ? 1 : 2;
  }
  throw new Error(`personal template: unknown variant '${name}'`);
}

/** The text of hole `name` for the view (not escaped). */
function holeText(name: string, view: PersonalView, t: Translate): string {
  switch (name) {
    case 'cartCount':
      return String(view.cartQuantity);
    case 'cartLabel':
      return t('header.cartWithCount', { count: view.cartQuantity });
    case 'wishlistCount':
      return String(view.wishlistCount);
    case 'wishlistLabel':
      return t('wishlist.itemsCount', { count: view.wishlistCount });
  }
  const item = /^item:(\d+)$/.exec(name);
  if (item) return String(view.saved?.[Number(item[1])] ?? '');
  throw new Error(`personal template: unknown hole '${name}'`);
}

/** The view as the inline JSON script's text: nothing in it can close the script. */
export const inlineJson = (view: PersonalView) =>
  JSON.stringify(view)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A templated page (its HTML, secrets already filled) with the view's variants chosen, its holes
 * filled (HTML-escaped: holes are only in text and attributes) and the view as inline JSON at the
 * end of the head, for the first hydration. Every count-dependent label comes from `t` with the
 * count, as the components say it.
 */
export function fillPersonal(html: string, view: PersonalView, t: Translate, nonce: string) {
  const chosen = html.replace(VARIANTS, (_all, name: string, body: string) => {
    const variants = body.split(OR);
    const variant = variants[choose(name, view)];
    if (variant === undefined) throw new Error(`personal template: '${name}' lacks a variant`);
    return variant;
  });
  const filled = chosen.replace(HOLES, (_all, name: string) => escapeHtml(holeText(name, view, t)));
  const script = `<script type="application/json" id="${PERSONAL_VIEW_ID}" nonce="${escapeHtml(nonce)}">${inlineJson(view)}</script>`;
  const head = filled.indexOf('</head>');
  if (head < 0) throw new Error('personal template: the page has no head');
  return filled.slice(0, head) + script + filled.slice(head);
}

// ---------------------------------------------------------------- a template compiled once

/** Stand-ins for the answer's secrets in a compiled template (the server cuts them out). */
export const NONCE_MARK = '\uE006';
export const TOKEN_MARK = '\uE007';

type Segment<T = string> =
  T | { hole: string } | { variants: string; options: Segment<T>[][] } | { script: true };

/**
 * A kept template parsed once (its secrets as NONCE_MARK and TOKEN_MARK): each answer is then
 * one walk over its few hundred segments and one join, not a search of the whole page.
 */
export type CompiledTemplate = { segments: Segment[] };

const PARTS = /(\uE000[^\uE001]*\uE001|\uE002|\uE003|\uE004[^\uE005]*\uE005|\uE006|\uE007)/;

export function compileTemplate(html: string): CompiledTemplate {
  const head = html.indexOf('</head>');
  if (head < 0) throw new Error('personal template: the page has no head');
  const top: Segment[] = [];
  // The open variants: where their current option's segments go.
  const stack: { segment: { variants: string; options: Segment[][] }; parent: Segment[] }[] = [];
  let out = top;
  const parts = (text: string) => {
    for (const part of text.split(PARTS)) {
      if (part === '') continue;
      const first = part.charCodeAt(0);
      if (first === 0xe000) {
        const segment = { variants: part.slice(1, -1), options: [[]] as Segment[][] };
        out.push(segment);
        stack.push({ segment, parent: out });
        out = segment.options[0]!;
      } else if (first === 0xe002) {
        const open = stack.at(-1);
        if (!open) throw new Error('personal template: a variant outside its marker');
        out = [];
        open.segment.options.push(out);
      } else if (first === 0xe003) {
        const open = stack.pop();
        if (!open) throw new Error('personal template: a variant closed twice');
        out = open.parent;
      } else if (first === 0xe004) {
        out.push({ hole: part.slice(1, -1) });
      } else if (first === 0xe006) {
        out.push({ hole: 'nonce' });
      } else if (first === 0xe007) {
        out.push({ hole: 'token' });
      } else {
        // A marker's stray half (a name's or a hole's end alone): not a template to fill.
        if (/[\uE000-\uE007]/.test(part)) throw new Error('personal template: a stray marker');
        out.push(part);
      }
    }
  };
  parts(html.slice(0, head));
  if (stack.length) throw new Error('personal template: a variant open across the head');
  top.push({ script: true });
  parts(html.slice(head));
  if (stack.length) throw new Error('personal template: a variant left open');
  return { segments: top };
}

/** The script that carries the view, around its nonce. */
const scriptOpen = `<script type="application/json" id="${PERSONAL_VIEW_ID}" nonce="`;
const scriptClose = (view: PersonalView) => `">${inlineJson(view)}</script>`;

/**
 * The walk of a compiled template for one view: each constant segment, each filled hole's text
 * (escaped), and the secrets by name. `fillCompiled` and `viewPieces` differ only in what they
 * make of these.
 */
function walkCompiled<T>(
  segments: Segment<T>[],
  view: PersonalView,
  t: Translate,
  emit: {
    constant(piece: T): void;
    text(text: string): void;
    secret(name: 'nonce' | 'token'): void;
  },
): void {
  for (const segment of segments) {
    if (typeof segment !== 'object' || segment === null || segment instanceof Uint8Array) {
      emit.constant(segment as T);
    } else if ('hole' in segment) {
      if (segment.hole === 'nonce' || segment.hole === 'token') emit.secret(segment.hole);
      else emit.text(escapeHtml(holeText(segment.hole, view, t)));
    } else if ('variants' in segment) {
      const option = segment.options[choose(segment.variants, view)];
      if (!option) throw new Error(`personal template: '${segment.variants}' lacks a variant`);
      walkCompiled(option, view, t, emit);
    } else {
      emit.text(scriptOpen);
      emit.secret('nonce');
      emit.text(scriptClose(view));
    }
  }
}

/**
 * The page of a compiled template for one view and one answer's secrets: as `fillPersonal` over
 * the template with its secrets filled, in one walk.
 */
export function fillCompiled(
  template: CompiledTemplate,
  view: PersonalView,
  t: Translate,
  secrets: { nonce: string; token: string },
): string {
  const out: string[] = [];
  walkCompiled(template.segments, view, t, {
    constant: (piece) => out.push(piece),
    text: (text) => out.push(text),
    // The nonce is base64 and the token [A-Za-z0-9]: nothing in either to escape.
    secret: (name) => out.push(secrets[name]),
  });
  return out.join('');
}

// ---------------------------------------------------------------- a template as bytes

/**
 * A compiled template whose constant text is UTF-8 bytes, encoded once: an answer is then its
 * pieces' bytes copied into one buffer, not a page-long string joined and encoded again (the
 * encoding of the page on the socket was a tenth of a logged-in list page's CPU).
 */
export type EncodedTemplate = { segments: Segment<Uint8Array>[] };

const encoder = new TextEncoder();

export function encodeTemplate(template: CompiledTemplate): EncodedTemplate {
  const encode = (segments: Segment[]): Segment<Uint8Array>[] =>
    segments.map((segment) =>
      typeof segment === 'string'
        ? encoder.encode(segment)
        : 'variants' in segment
          ? { variants: segment.variants, options: segment.options.map(encode) }
          : segment,
    );
  return { segments: encode(template.segments) };
}

/** A page for one view as bytes, with the answer's secrets still to put in by name. */
export type PagePiece = Uint8Array | 'nonce' | 'token';

/**
 * The pieces of an encoded template for one view (`fillCompiled`'s page, its secrets by name);
 * `merge`: adjacent bytes joined into one piece (for pieces kept and answered many times).
 */
export function viewPieces(
  template: EncodedTemplate,
  view: PersonalView,
  t: Translate,
  merge = false,
): PagePiece[] {
  const out: PagePiece[] = [];
  walkCompiled(template.segments, view, t, {
    constant: (piece) => out.push(piece),
    text: (text) => out.push(encoder.encode(text)),
    secret: (name) => out.push(name),
  });
  if (!merge) return out;
  const merged: PagePiece[] = [];
  let run: Uint8Array[] = [];
  const flush = () => {
    if (run.length === 1) merged.push(run[0]!);
    else if (run.length > 1) {
      const bytes = new Uint8Array(run.reduce((n, piece) => n + piece.length, 0));
      let at = 0;
      for (const piece of run) {
        bytes.set(piece, at);
        at += piece.length;
      }
      merged.push(bytes);
    }
    run = [];
  };
  for (const piece of out) {
    if (typeof piece === 'string') {
      flush();
      merged.push(piece);
    } else run.push(piece);
  }
  flush();
  return merged;
}

/** Whether any marker is left (a component rendered one the filler does not know). */
export const hasMarkers = (html: string) => /[\uE000-\uE007]/.test(html);

let inline: PersonalView | null | undefined;

/** The filled page's view from its inline JSON, read once (null: the page was not filled). */
export function inlineView(): PersonalView | null {
  if (inline !== undefined) return inline;
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PERSONAL_VIEW_ID)?.textContent;
  inline = text ? (JSON.parse(text) as PersonalView) : null;
  return inline;
}

/** What a templated loader says: its personal fields are the visitor's, the view is elsewhere. */
export type Templated = { templated?: boolean };

/** The personal fields of the shop layout's loader data. */
type LayoutPersonal = Templated & {
  cartCount: number;
  wishlistCount: number;
  wishlist: SavedProducts | null;
};

/** The view as a page shows it, or the template render's holes. */
export type PersonalState =
  | { kind: 'template' }
  | { kind: 'view'; user: UserInfo | null; saved: SavedProducts | null; counts: ShownCounts };

export const SHOP_LAYOUT_ROUTE_ID = 'routes/shop-layout';

/**
 * The personal view of the page, from one place: the shop layout's loader data when it is its
 * own (a `.data` answer, a revalidation after an action, a page rendered for its shopper), else
 * the filled page's inline JSON (the first hydration of a templated page, and client navigations
 * the layout did not reload for); in a template render on the server, the holes.
 */
export function usePersonalView(user: UserInfo | null, cartOn: boolean): PersonalState {
  const layout = useRouteLoaderData<LayoutPersonal>(SHOP_LAYOUT_ROUTE_ID);
  if (layout?.templated) {
    // On the server a templated layout is a template render; in the browser a page without its
    // view (not filled: never sent so) shows the visitor's.
    if (typeof document === 'undefined') return { kind: 'template' };
    const view = inlineView() ?? VISITOR_VIEW;
    return {
      kind: 'view',
      user,
      saved: user ? view.saved : null,
      counts: {
        cartCount: cartOn ? view.cartQuantity : 0,
        wishlistCount: user ? view.wishlistCount : 0,
      },
    };
  }
  return {
    kind: 'view',
    user,
    saved: user ? (layout?.wishlist ?? null) : null,
    counts: { cartCount: layout?.cartCount ?? 0, wishlistCount: layout?.wishlistCount ?? 0 },
  };
}

/** The locale data's user: the inline view's while the locale data is the template's. */
export function templatedUser(data: Templated & { user: UserInfo | null }): UserInfo | null {
  if (!data.templated) return data.user;
  return inlineView()?.user ?? null;
}
