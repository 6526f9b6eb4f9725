import { createElement as h, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  render,
  toPlainText,
} from '@react-email/components';
import type { Locale, OrganizationInfo } from '@shop/contract';
import type { MailMessage } from './mailer.ts';

/*
 * The shop's mails are React components rendered by react-email into an HTML part and a
 * plain-text part (decision 0050). The API runs its TypeScript through Node's type stripping,
 * which knows no JSX (decision 0002), so components are written with `createElement` (as `h`).
 * A new mail is one component wrapped in `MailLayout`, then `composeMail`.
 */

/** What every mail shows of the shop: its name, its mark and where it lives. */
export type MailShop = {
  title: string;
  /** The shop's public origin (canonical URL, else PUBLIC_URL): never a request header. */
  origin: string;
  /** The shop's mark on its own origin, as PNG (mail clients show no SVG or WebP); or null. */
  logoUrl: string | null;
  locale: Locale;
};

/** The shop as mails show it, from its info in the mail's language and its public origin. */
export function mailShopOf(
  info: Pick<OrganizationInfo, 'title' | 'images' | 'canonicalUrl'> | null,
  publicOrigin: string,
  locale: Locale,
): MailShop {
  const canonical = info?.canonicalUrl?.trim().replace(/\/+$/, '');
  const origin = canonical && URL.canParse(canonical) ? canonical : publicOrigin;
  const mark =
    info?.images.find((i) => i.imageType === 'icon') ??
    info?.images.find((i) => i.imageType === 'logo');
  const logoUrl = mark
    ? `${new URL(mark.image, `${origin}/`).href}${mark.image.includes('?') ? '&' : '?'}width=96&height=96&format=png`
    : null;
  return { title: info?.title ?? '', origin, logoUrl, locale };
}

// The storefront's colours (apps/storefront/app/app.css), inline: mail clients drop <style>.
const PRIMARY = '#0760e0';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#e2e8f0';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  text: { fontSize: '15px', lineHeight: '24px', color: INK, margin: '0 0 16px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: MUTED, margin: '0 0 8px' },
  heading: {
    fontSize: '20px',
    lineHeight: '28px',
    fontWeight: 700,
    color: INK,
    margin: '0 0 16px',
  },
  subheading: { fontSize: '15px', fontWeight: 700, color: INK, margin: '24px 0 8px' },
  cell: { fontSize: '14px', lineHeight: '20px', color: INK, padding: '6px 0' },
  amount: {
    fontSize: '14px',
    lineHeight: '20px',
    color: INK,
    padding: '6px 0',
    textAlign: 'right',
  },
} satisfies Record<string, CSSProperties>;

/** The frame of every mail: the shop's mark and name on top, the content, the shop's address. */
export function MailLayout({
  shop,
  preview,
  children,
}: {
  shop: MailShop;
  /** The line mail clients show after the subject. */
  preview: string;
  children?: ReactNode;
}): ReactElement {
  const home = `${shop.origin}/${shop.locale}/`;
  return h(
    Html,
    { lang: shop.locale, dir: 'ltr' },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: '#f1f5f9', fontFamily: FONT, margin: 0, padding: '24px 0' } },
      h(
        Container,
        {
          style: {
            backgroundColor: '#ffffff',
            border: `1px solid ${LINE}`,
            borderRadius: '8px',
            maxWidth: '600px',
            padding: '24px',
          },
        },
        h(
          Section,
          { style: { paddingBottom: '16px', borderBottom: `3px solid ${PRIMARY}` } },
          h(
            Link,
            { href: home, style: { color: PRIMARY, textDecoration: 'none' } },
            shop.logoUrl &&
              h(Img, {
                src: shop.logoUrl,
                alt: '',
                width: 40,
                height: 40,
                style: {
                  display: 'inline-block',
                  verticalAlign: 'middle',
                  borderRadius: '8px',
                  marginRight: '10px',
                },
              }),
            h(
              'span',
              { style: { fontSize: '20px', fontWeight: 700, verticalAlign: 'middle' } },
              shop.title,
            ),
          ),
        ),
        h(Section, { style: { paddingTop: '24px' } }, children),
        h(Hr, { style: { borderColor: LINE, margin: '24px 0 12px' } }),
        h(
          Text,
          { style: styles.muted },
          h(Link, { href: home, style: { color: MUTED } }, shop.title),
        ),
      ),
    ),
  );
}

/** The mail's one call to action, as a button (its address also shows in the text part). */
export function MailButton({ href, label }: { href: string; label: string }) {
  return h(
    Section,
    { style: { margin: '8px 0 24px' } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: PRIMARY,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 700,
          padding: '12px 20px',
          textDecoration: 'none',
        },
      },
      label,
    ),
  );
}

/**
 * A translated text of several paragraphs (blank lines between them), as mails have them in the
 * message tables. A paragraph that is one of `links` becomes that link's button, labelled.
 */
export function Paragraphs({ text, links = {} }: { text: string; links?: Record<string, string> }) {
  return h(
    'div',
    null,
    ...text.split(/\n{2,}/).map((paragraph, index) => {
      const label = links[paragraph.trim()];
      if (label !== undefined) {
        return h(MailButton, { key: index, href: paragraph.trim(), label });
      }
      const lines = paragraph.split('\n');
      return h(
        Text,
        { key: index, style: styles.text },
        ...lines.flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line])),
      );
    }),
  );
}

/**
 * A mail of a translated text: its subject as the heading, then the text's paragraphs, each link
 * that stands alone in a paragraph a button labelled as `links` says, and an optional closing
 * button (the text part keeps every address).
 */
export function textMail(
  to: string,
  subject: string,
  text: string,
  shop: MailShop,
  links: Record<string, string> = {},
  button?: { href: string; label: string },
): Promise<MailMessage> {
  return composeMail(
    { to, subject },
    h(
      MailLayout,
      { shop, preview: subject },
      h(Text, { style: styles.heading }, subject),
      h(Paragraphs, { text, links }),
      button && h(MailButton, button),
    ),
  );
}

/** The class of a table row of a label and an amount: the text part keeps them apart. */
export const AMOUNT_ROW = 'amount-row';

/** The HTML and the plain-text part of a mail, and the message the mailer sends. */
export async function composeMail(
  head: Omit<MailMessage, 'text' | 'html'>,
  content: ReactElement,
): Promise<MailMessage> {
  const html = await render(content);
  const text = toPlainText(html, {
    selectors: [
      { selector: `table.${AMOUNT_ROW}`, format: 'dataTable', options: { colSpacing: 3 } },
    ],
  });
  return { ...head, html, text };
}
