// Issue 24 (pictures in the back office) and issue 26 (media any machine can serve): who may call
// the picture calls, CSRF, sharp's check of each upload (a text file named .jpg refused in the
// caller's language, nothing stored), a real PNG and JPEG stored in the database and served from
// it at a content-hashed URL with the immutable cache header (also by a second app on the same
// database with an empty media directory: another machine), move up and down, remove, and the
// staff log of each change. Runs on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, staffPicturesSchema, type StaffPictures } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { useTestApp } from '../../test/helpers.ts';
import { useTempDirs, withOtherMachine } from '../../test/media.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';
import { STAFF_TEST_LIMITS, staffBrowserOf } from '../../test/staff.ts';

const tempDir = useTempDirs('shop-pictures');

const t = useTestApp(async () => ({
  mediaDir: await tempDir(),
  authLimits: STAFF_TEST_LIMITS,
}));
const de = translatorFor('de');
const en = translatorFor('en');
const staffBrowser = () => staffBrowserOf(t);

const LONG_CACHE = 'public, max-age=31536000, immutable';

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 80, channels: 3, background: '#b91c1c' } })
    .jpeg()
    .toBuffer();

/** A multipart body of one file field, as a browser's form sends it. */
async function multipart(bytes: Buffer, name: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const picturesUrl = (id: number, locale = 'en') => `/${locale}/api/staff/products/${id}/pictures/`;

async function upload(
  b: Browser,
  id: number,
  bytes: Buffer,
  name: string,
  type: string,
  locale = 'en',
) {
  const body = await multipart(bytes, name, type);
  return b.send('POST', picturesUrl(id, locale), body.payload, body.headers);
}

async function aProduct() {
  const products = await parentProducts(t);
  // Each test its own product: the pictures of one do not disturb another's.
  const product = products[Math.floor(Math.random() * products.length)];
  if (!product) throw new Error('no product in the demo shop');
  return product;
}

async function pictures(b: Browser, id: number): Promise<StaffPictures> {
  const res = await b.send('GET', picturesUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return staffPicturesSchema.parse(res.json());
}

const galleryCount = async (productId: number) =>
  (
    await t.handle.db
      .select({ id: s.images.id })
      .from(s.images)
      .where(and(eq(s.images.productId, productId), eq(s.images.imageType, 'page_gallery')))
  ).length;

const mediaCount = async () =>
  (await t.handle.db.select({ path: s.mediaFiles.path }).from(s.mediaFiles)).length;

async function lastAction(productId: number) {
  const [row] = await t.handle.db
    .select()
    .from(s.staffActions)
    .where(and(eq(s.staffActions.subject, 'product'), eq(s.staffActions.subjectId, productId)))
    .orderBy(desc(s.staffActions.id))
    .limit(1);
  return row;
}

describe('who may call the picture calls', () => {
  it('anonymous: 401; a shopper: 403; staff: 200, never stored by a cache', async () => {
    const product = await aProduct();
    const anonymous = browserOf(t);
    const anon = await anonymous.send('GET', picturesUrl(product.id, 'de'));
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: de('auth.loginRequired') });
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const forbidden = await shopper.send('GET', picturesUrl(product.id));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: en('staff.forbidden') });

    // Writes too, before the body is even read: nothing is stored.
    const before = await galleryCount(product.id);
    const anonUpload = await upload(anonymous, product.id, await png(), 'a.png', 'image/png');
    expect(anonUpload.statusCode).toBe(401);
    const shopperUpload = await upload(shopper, product.id, await png(), 'a.png', 'image/png');
    expect(shopperUpload.statusCode).toBe(403);
    expect(await galleryCount(product.id)).toBe(before);

    const staff = await staffBrowser();
    const ok = await staff.send('GET', picturesUrl(product.id));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(staffPicturesSchema.parse(ok.json()).product.id).toBe(product.id);
  });

  it('refuses an anonymous or shopper upload before reading its body', async () => {
    // Over a real socket: the request declares a picture-sized body but sends only its first
    // 64 KB and then waits. A server that reads (buffers) the body before the staff check cannot
    // answer until the rest arrives, which it never does; one that checks first answers now.
    const product = await aProduct();
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----refused-before-read';
    const declared = MAX_PICTURE_BYTES;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    );
    const first = Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length, 7)]);

    async function partlySent(b: Browser) {
      // The CSRF cookie and token, so that what refuses is the staff check, not the CSRF one.
      if (!b.jar.get('csrftoken')) await b.send('GET', '/en/api/accounts/login/');
      // Resolves only with an answer given while the body is unfinished (it is never finished).
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        let settled = false;
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: picturesUrl(product.id, 'de'),
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(declared),
            cookie: b.jar.header(),
            'x-csrftoken': b.jar.get('csrftoken') ?? '',
          },
        });
        // Not a time limit on the answer: without one while the body is unfinished, the test
        // fails (vitest's own timeout would otherwise say so less clearly).
        const never = setTimeout(() => {
          settled = true;
          req.destroy();
          reject(new Error('no answer while the body was unfinished: the body is read first'));
        }, 20_000);
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            settled = true;
            clearTimeout(never);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', (error) => {
          // The server may close the socket after its answer; only an error before it counts.
          if (settled) return;
          settled = true;
          clearTimeout(never);
          reject(error);
        });
        // The rest of the declared body is never sent.
        req.write(first);
      });
    }

    const before = await galleryCount(product.id);
    const anonymous = await partlySent(browserOf(t));
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ detail: de('auth.loginRequired') });
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const refused = await partlySent(shopper);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ detail: de('staff.forbidden') });
    expect(await galleryCount(product.id)).toBe(before);
  });

  it('refuses an upload without the CSRF token (403), storing nothing', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const before = await galleryCount(product.id);
    const body = await multipart(await png(), 'a.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: picturesUrl(product.id),
      payload: body.payload,
      headers: { ...body.headers, cookie: staff.jar.header() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: en('errors.csrf') });
    expect(await galleryCount(product.id)).toBe(before);
  });

  it('answers 404 for a product that does not exist', async () => {
    const staff = await staffBrowser();
    expect((await staff.send('GET', picturesUrl(99_999_999))).statusCode).toBe(404);
    const res = await upload(staff, 99_999_999, await png(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(404);
  });
});

describe('what an upload must be', () => {
  it('refuses a text file named .jpg in the caller’s language, storing nothing', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const [images, media] = [await galleryCount(product.id), await mediaCount()];
    const text = Buffer.from('Just some words, not a picture at all.\n');
    const res = await upload(staff, product.id, text, 'holiday.jpg', 'image/jpeg', 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [de('staffPictures.notAnImage')] });
    expect(de('staffPictures.notAnImage')).not.toBe(en('staffPictures.notAnImage'));
    // A picture cut short (its header is right, its pixels are missing) is no picture either.
    const cut = (await jpeg()).subarray(0, 200);
    const broken = await upload(staff, product.id, cut, 'cut.jpg', 'image/jpeg');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ file: [en('staffPictures.notAnImage')] });
    expect(await galleryCount(product.id)).toBe(images);
    expect(await mediaCount()).toBe(media);
  });

  it('refuses a file too large in bytes (400) or far too large for the body (413)', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const before = await galleryCount(product.id);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const res = await upload(staff, product.id, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [en('staffPictures.tooLarge', { max: 10 })] });
    const huge = await upload(
      staff,
      product.id,
      Buffer.alloc(11 * 1024 * 1024, 1),
      'h.png',
      'image/png',
    );
    expect(huge.statusCode).toBe(413);
    expect(await galleryCount(product.id)).toBe(before);
  });

  it('refuses a picture of too many pixels', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    // 10,000 × 6,000 = 60 megapixels of one colour: a small file, a large decode.
    const wide = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(staff, product.id, wide, 'wide.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [en('staffPictures.tooManyPixels', { max: 50 })] });
  });

  it('refuses a body without a file with the field’s message', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const body = await multipart(await png(), 'a.png', 'image/png', 'other');
    const res = await staff.send('POST', picturesUrl(product.id), body.payload, body.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [en('forms.required')] });
  });
});

describe('a product’s pictures', () => {
  it('stores a PNG and a JPEG in the database, served at content-hashed URLs by any process', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const before = await pictures(staff, product.id);
    const pngBytes = await png();
    const added = await upload(staff, product.id, pngBytes, 'photo.jpg', 'image/jpeg');
    expect(added.statusCode, added.body).toBe(201);
    const afterPng = staffPicturesSchema.parse(added.json());
    expect(afterPng.pictures).toHaveLength(before.pictures.length + 1);
    const newPng = afterPng.pictures.at(-1)!;
    // Its type is the content's, not the name's; its URL names the content's hash.
    const hash = (await import('node:crypto')).createHash('sha256').update(pngBytes).digest('hex');
    expect(newPng.image).toBe(`/media/uploads/products/${product.id}/${hash}.png`);
    expect([newPng.width, newPng.height]).toEqual([64, 48]);

    const jpegRes = await upload(staff, product.id, await jpeg(), 'red.jpeg', 'image/jpeg');
    expect(jpegRes.statusCode, jpegRes.body).toBe(201);
    const newJpeg = staffPicturesSchema.parse(jpegRes.json()).pictures.at(-1)!;
    expect(newJpeg.image).toMatch(
      new RegExp(`^/media/uploads/products/${product.id}/[0-9a-f]{64}\\.jpg$`),
    );

    const [row] = await t.handle.db
      .select()
      .from(s.mediaFiles)
      .where(eq(s.mediaFiles.path, newPng.image.slice('/media/'.length)));
    expect(row?.data.equals(pngBytes)).toBe(true);
    expect(row).toMatchObject({
      hash,
      mimeType: 'image/png',
      size: pngBytes.length,
      width: 64,
      height: 48,
    });

    const original = await t.app.inject({ method: 'GET', url: newPng.image });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe(LONG_CACHE);
    expect(original.rawPayload.equals(pngBytes)).toBe(true);
    const variant = await t.app.inject({
      method: 'GET',
      url: `${newJpeg.image}?width=400&format=webp`,
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe(LONG_CACHE);
    expect((await sharp(variant.rawPayload).metadata()).format).toBe('webp');

    // Another machine: the same database, its own empty media directory.
    await withOtherMachine(t, tempDir, async (other, otherMedia) => {
      const there = await other.inject({
        method: 'GET',
        url: `${newPng.image}?width=400&format=png`,
      });
      expect(there.statusCode).toBe(200);
      expect(there.headers['cache-control']).toBe(LONG_CACHE);
      expect((await sharp(there.rawPayload).metadata()).format).toBe('png');
      // Its variant is cached by that process, on its own disk.
      expect(
        (await readdir(join(otherMedia, '.cache'), { recursive: true })).length,
      ).toBeGreaterThan(0);
    });

    // The product as the shop shows it, at once: the new pictures last.
    const page = await t.app.inject({
      method: 'GET',
      url: `/en/api/products/products/${product.id}/`,
    });
    expect(page.statusCode).toBe(200);
    const shown = page.json<{ images: { image: string }[] }>().images.map((i) => i.image);
    expect(shown.slice(-2)).toEqual([newPng.image, newJpeg.image]);

    const logged = await lastAction(product.id);
    expect(logged).toMatchObject({ action: 'picture.add', subject: 'product' });
    expect((logged?.after as { pictures: unknown[] }).pictures).toHaveLength(
      before.pictures.length + 2,
    );
  });

  it('moves a picture up and down, and removes one with its original', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    // Two of its own, then one more: [..., a, b, c].
    const colours = ['#065f46', '#7c2d12', '#581c87'];
    let list: StaffPictures | undefined;
    for (const background of colours) {
      const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
      const res = await upload(staff, product.id, bytes, 'p.png', 'image/png');
      expect(res.statusCode, res.body).toBe(201);
      list = staffPicturesSchema.parse(res.json());
    }
    const ids = list!.pictures.map((p) => p.id);
    const [a, b, c] = ids.slice(-3) as [number, number, number];

    const up = await staff.send('POST', `${picturesUrl(product.id)}${c}/move/`, {
      direction: 'up',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(
      staffPicturesSchema
        .parse(up.json())
        .pictures.map((p) => p.id)
        .slice(-3),
    ).toEqual([a, c, b]);
    expect(await lastAction(product.id)).toMatchObject({ action: 'picture.move' });

    const first = ids[0]!;
    const down = await staff.send('POST', `${picturesUrl(product.id)}${first}/move/`, {
      direction: 'down',
    });
    expect(
      staffPicturesSchema
        .parse(down.json())
        .pictures.map((p) => p.id)
        .indexOf(first),
    ).toBe(1);
    // The top one up: nothing to do, nothing logged.
    const top = (await pictures(staff, product.id)).pictures[0]!.id;
    const logBefore = (await lastAction(product.id))?.id;
    const still = await staff.send('POST', `${picturesUrl(product.id)}${top}/move/`, {
      direction: 'up',
    });
    expect(still.statusCode).toBe(200);
    expect((await lastAction(product.id))?.id).toBe(logBefore);

    const bad = await staff.send('POST', `${picturesUrl(product.id)}${top}/move/`, {
      direction: 'left',
    });
    expect(bad.statusCode).toBe(400);

    const removedUrl = (await pictures(staff, product.id)).pictures.find((p) => p.id === b)!.image;
    const removed = await staff.send('DELETE', `${picturesUrl(product.id)}${b}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(staffPicturesSchema.parse(removed.json()).pictures.map((p) => p.id)).not.toContain(b);
    expect(await lastAction(product.id)).toMatchObject({ action: 'picture.remove' });
    const [gone] = await t.handle.db
      .select({ path: s.mediaFiles.path })
      .from(s.mediaFiles)
      .where(eq(s.mediaFiles.path, removedUrl.slice('/media/'.length)));
    expect(gone).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: removedUrl })).statusCode).toBe(404);
    // Another product's picture is not this one's to remove.
    const other = await staff.send('DELETE', `${picturesUrl(product.id)}${a + 1_000_000}/`);
    expect(other.statusCode).toBe(404);
  });
});

describe('a removed picture', () => {
  it('is not served any more at once, original and variants, here and by another process', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const bytes = await sharp({
      create: { width: 30, height: 30, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    const added = await upload(staff, product.id, bytes, 'gone.png', 'image/png');
    expect(added.statusCode, added.body).toBe(201);
    const picture = staffPicturesSchema.parse(added.json()).pictures.at(-1)!;
    const urls = [picture.image, `${picture.image}?width=400&format=webp`];

    // Another process on the same database, its change count read at each request (its check
    // interval elapsed: what `changeCheckMs` bounds in production).
    await withOtherMachine(
      t,
      tempDir,
      async (other) => {
        // Both processes serve it, and so keep what they know of it and its variant.
        for (const app of [t.app, other])
          for (const url of urls)
            expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

        const removed = await staff.send('DELETE', `${picturesUrl(product.id)}${picture.id}/`);
        expect(removed.statusCode, removed.body).toBe(200);
        for (const app of [t.app, other])
          for (const url of urls)
            expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      },
      { changeCheckMs: 0 },
    );
  });
});

describe('two uploads at once', () => {
  it('both land, one after the other: distinct places in the order, both logged', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const before = await pictures(staff, product.id);
    const logBefore = (await lastAction(product.id))?.id ?? 0;
    const [one, two] = await Promise.all(
      ['#a16207', '#4d7c0f'].map(async (background) =>
        upload(
          staff,
          product.id,
          await sharp({ create: { width: 24, height: 24, channels: 3, background } })
            .png()
            .toBuffer(),
          'at-once.png',
          'image/png',
        ),
      ),
    );
    expect(one?.statusCode, one?.body).toBe(201);
    expect(two?.statusCode, two?.body).toBe(201);
    const after = await pictures(staff, product.id);
    expect(after.pictures).toHaveLength(before.pictures.length + 2);
    const rows = await t.handle.db
      .select({ sorting: s.images.sorting })
      .from(s.images)
      .where(and(eq(s.images.productId, product.id), eq(s.images.imageType, 'page_gallery')));
    // Each took the place after every other: no two share one (as if sent one after another).
    expect(new Set(rows.map((r) => r.sorting)).size).toBe(rows.length);
    const logs = await t.handle.db
      .select()
      .from(s.staffActions)
      .where(and(eq(s.staffActions.subject, 'product'), eq(s.staffActions.subjectId, product.id)))
      .orderBy(s.staffActions.id);
    const added = logs.filter((l) => l.id > logBefore && l.action === 'picture.add');
    expect(added).toHaveLength(2);
    // The second saw the first: its "before" already holds it.
    const [first, second] = added.map((l) => l.after as { pictures: unknown[] });
    expect(first?.pictures).toHaveLength(before.pictures.length + 1);
    expect(second?.pictures).toHaveLength(before.pictures.length + 2);
  });

  it('the same picture twice at once: stored once, shown twice, removing one keeps the other', async () => {
    const product = await aProduct();
    const staff = await staffBrowser();
    const bytes = await sharp({
      create: { width: 26, height: 26, channels: 3, background: '#be185d' },
    })
      .png()
      .toBuffer();
    const answers = await Promise.all(
      [1, 2].map(() => upload(staff, product.id, bytes, 'x.png', 'image/png')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const list = await pictures(staff, product.id);
    const same = list.pictures.filter((p) => p.image.endsWith('.png') && p.width === 26);
    expect(same).toHaveLength(2);
    expect(same[0]!.image).toBe(same[1]!.image);
    const stored = await t.handle.db
      .select({ path: s.mediaFiles.path })
      .from(s.mediaFiles)
      .where(eq(s.mediaFiles.path, same[0]!.image.slice('/media/'.length)));
    expect(stored).toHaveLength(1);
    const removed = await staff.send('DELETE', `${picturesUrl(product.id)}${same[0]!.id}/`);
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: same[1]!.image })).statusCode).toBe(200);
  });
});
