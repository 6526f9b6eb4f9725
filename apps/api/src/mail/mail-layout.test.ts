import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { composeMail, MailLayout, mailShopOf, Paragraphs } from './mail-layout.ts';

const image = (imageType: 'icon' | 'logo', path: string) => ({
  id: 1,
  image: path,
  imageType,
  backgroundColor: null,
});

describe('mailShopOf', () => {
  it('takes the canonical URL over PUBLIC_URL, and the mark as PNG on that origin', () => {
    const shop = mailShopOf(
      {
        title: 'Makers Market',
        canonicalUrl: 'https://shop.example/',
        images: [image('logo', '/media/logo.svg'), image('icon', '/media/icon.svg')],
      },
      'http://127.0.0.1:3000',
      'it',
    );
    expect(shop).toEqual({
      title: 'Makers Market',
      origin: 'https://shop.example',
      logoUrl: 'https://shop.example/media/icon.svg?width=96&height=96&format=png',
      locale: 'it',
    });
  });

  it('falls back to PUBLIC_URL and no mark', () => {
    expect(mailShopOf(null, 'https://public.example', 'en')).toMatchObject({
      origin: 'https://public.example',
      logoUrl: null,
      title: '',
    });
  });
});

describe('composeMail', () => {
  it('renders one tree into escaped HTML and a text part; a link paragraph becomes a button', async () => {
    const shop = mailShopOf(null, 'https://shop.example', 'de');
    const link = 'https://shop.example/de/account/confirm-email/?token=abc';
    const mail = await composeMail(
      { to: 'a@example.com', subject: 'Hallo' },
      h(
        MailLayout,
        { shop: { ...shop, title: 'Laden <script>' }, preview: 'Vorschau' },
        h(Paragraphs, {
          text: `Hallo <b>Anna</b>,\nZeile zwei\n\n${link}\n\nEnde.`,
          links: { [link]: 'Adresse bestätigen' },
        }),
      ),
    );
    const html = mail.html ?? '';
    expect(html).toContain('<html dir="ltr" lang="de"');
    expect(html).toContain('Hallo &lt;b&gt;Anna&lt;/b&gt;,<br/>Zeile zwei');
    expect(html).toContain('Laden &lt;script&gt;');
    expect(html).not.toContain('<script');
    const button = html.slice(html.indexOf(`<a href="${link}"`));
    expect(button.slice(0, button.indexOf('</a>'))).toContain('Adresse bestätigen');
    expect(mail.text).toContain('Hallo <b>Anna</b>,\nZeile zwei');
    expect(mail.text).toContain(`Adresse bestätigen ${link}`);
    expect(mail.text).not.toContain('Vorschau');
  });
});
