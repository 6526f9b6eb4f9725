import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ADDRESS_BOOK_LIMIT, addressSchema, type Address } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, type Browser } from '../../test/shopper.ts';

const t = useTestApp();
const BOOK = '/en/api/accounts/addresses/';
const one = (id: number, locale = 'en') => `/${locale}/api/accounts/addresses/${id}/`;

let me: Browser;
let other: Browser;
/** Italy and Lombardy, and Germany and Berlin: two countries with regions. */
let place: { country: number; region: number; otherCountry: number; otherRegion: number };

beforeAll(async () => {
  me = browserOf(t);
  await me.logIn('shopper@example.com');
  other = browserOf(t);
  await other.logIn('anna.becker@example.com');
  const region = async (key: string) => {
    const [row] = await t.handle.db.select().from(s.regions).where(eq(s.regions.key, key));
    if (!row) throw new Error(`the demo shop has no region ${key}`);
    return row;
  };
  const [lombardy, berlin] = [await region('it-lom'), await region('de-be')];
  place = {
    country: lombardy.countryId,
    region: lombardy.id,
    otherCountry: berlin.countryId,
    otherRegion: berlin.id,
  };
});

beforeEach(async () => {
  await t.handle.db.delete(s.userAddresses);
});

const fields = () => ({
  firstName: 'Maria',
  lastName: 'Rossi',
  phone: '+39 06 1234567',
  country: place.country,
  region: place.region,
  city: 'Milano',
  address: 'Via Roma 1',
  postcode: '20121',
});

async function saved(b: Browser, body: Record<string, unknown> = {}): Promise<Address> {
  const res = await b.send('POST', BOOK, { ...fields(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return addressSchema.parse(res.json());
}

async function book(b: Browser, locale = 'en'): Promise<Address[]> {
  const res = await b.send('GET', `/${locale}/api/accounts/addresses/`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return z.array(addressSchema).parse(res.json());
}

const stored = () => t.handle.db.select().from(s.userAddresses).orderBy(s.userAddresses.id);

describe('the address book is for logged-in users only', () => {
  it.each([
    ['GET', BOOK, undefined],
    ['POST', BOOK, fields],
    ['PATCH', one(1), () => ({ address: 'x' })],
    ['DELETE', one(1), undefined],
  ] as const)('answers %s %s with 401 when anonymous', async (method, url, body) => {
    const res = await browserOf(t).send(method, url, body?.());
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ detail: 'Please log in to continue.' });
    expect(await stored()).toEqual([]);
  });

  it('refuses writes without the CSRF token (403) and changes nothing', async () => {
    const address = await saved(me);
    for (const [method, url, body] of [
      ['POST', BOOK, fields()],
      ['PATCH', one(address.id), { address: 'Elsewhere 2' }],
      ['DELETE', one(address.id), undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: me.jar.header() },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
    }
    expect(await book(me)).toEqual([address]);
  });
});

describe('saving, listing, changing and deleting', () => {
  it('saves an address with the names of its places, lists it and changes it', async () => {
    const address = await saved(me);
    expect(address).toMatchObject({
      firstName: 'Maria',
      lastName: 'Rossi',
      country: { id: place.country },
      region: { id: place.region },
      city: 'Milano',
      address: 'Via Roma 1',
      postcode: '20121',
      // The first address is the checkout's default.
      isDefault: true,
    });
    expect(address.country.title).not.toBe('');
    expect(address.region?.title).not.toBe('');
    expect(await book(me)).toEqual([address]);

    const res = await me.send('PATCH', one(address.id), { address: '  Via Verdi 7 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(addressSchema.parse(res.json())).toEqual({ ...address, address: 'Via Verdi 7' });

    // Place names follow the caller's language.
    const [german] = await book(me, 'de');
    expect(german?.address).toBe('Via Verdi 7');
  });

  it('keeps one default: a new default or a default set later replaces the old one', async () => {
    const first = await saved(me);
    const second = await saved(me, { address: 'Second 2' });
    expect(second.isDefault).toBe(false);
    const third = await saved(me, { address: 'Third 3', isDefault: true });
    expect(third.isDefault).toBe(true);
    let list = await book(me);
    // The default first, then in the order saved.
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);

    const res = await me.send('PATCH', one(second.id), { isDefault: true });
    expect(res.statusCode, res.body).toBe(200);
    list = await book(me);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
  });

  it('deleting the default makes the oldest remaining address the default', async () => {
    const first = await saved(me);
    const second = await saved(me, { address: 'Second 2' });
    const third = await saved(me, { address: 'Third 3' });
    const res = await me.send('DELETE', one(first.id));
    expect(res.statusCode, res.body).toBe(204);
    expect((await book(me)).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    // Deleting a non-default leaves the default alone.
    expect((await me.send('DELETE', one(third.id))).statusCode).toBe(204);
    expect((await book(me)).map((a) => [a.id, a.isDefault])).toEqual([[second.id, true]]);
  });

  it('saves two addresses sent at once with exactly one default', async () => {
    await Promise.all([saved(me, { address: 'A 1' }), saved(me, { address: 'B 2' })]);
    const list = await book(me);
    expect(list).toHaveLength(2);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it(`refuses the ${ADDRESS_BOOK_LIMIT + 1}th address with a message`, async () => {
    const [user] = await t.handle.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, 'shopper@example.com'));
    await t.handle.db.insert(s.userAddresses).values(
      Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => ({
        userId: user!.id,
        firstName: 'A',
        lastName: 'B',
        phone: '123456',
        countryId: place.country,
        address: `Street ${i}`,
        postcode: '1000',
        isDefault: i === 0,
      })),
    );
    const res = await me.send('POST', BOOK, fields());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        `Your address book is full (${ADDRESS_BOOK_LIMIT} addresses): delete one first.`,
      ],
    });
    expect(await stored()).toHaveLength(ADDRESS_BOOK_LIMIT);
  });
});

describe('bad input gets 400 with field errors and changes nothing', () => {
  it('checks every field with the checkout form rules, in the caller language', async () => {
    const res = await me.send('POST', '/de/api/accounts/addresses/', {
      firstName: '',
      phone: 'abc',
      country: place.country,
      address: '',
      postcode: '',
    });
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(Object.keys(errors).sort()).toEqual(
      ['address', 'city', 'firstName', 'lastName', 'phone', 'postcode'].sort(),
    );
    expect(errors.lastName).toEqual(['Dieses Feld ist ein Pflichtfeld']);
    expect(errors.city).toEqual(['Dieses Feld ist ein Pflichtfeld']);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['en', 'Please enter a valid postcode for Germany, e.g. 10115'],
    ['de', 'Bitte geben Sie eine gültige Postleitzahl für Deutschland ein, z. B. 10115'],
    ['ru', 'Введите правильный почтовый индекс для страны «Германия», например 10115'],
    ['it', 'Inserisci un codice postale valido per Germania, ad es. 10115'],
  ])('refuses a postcode not shaped as the country wants (%s)', async (locale, message) => {
    // Italy's five digits fit Italy; Austria's four digits do not fit Germany's five.
    const res = await me.send('POST', `/${locale}/api/accounts/addresses/`, {
      ...fields(),
      country: place.otherCountry,
      region: place.otherRegion,
      city: 'Berlin',
      postcode: '1010',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ postcode: [message] });
    expect(await stored()).toEqual([]);
  });

  it('requires the city, and the region where the country has regions', async () => {
    const noCity = await me.send('POST', BOOK, { ...fields(), city: '  ' });
    expect(noCity.statusCode, noCity.body).toBe(400);
    expect(noCity.json()).toEqual({ city: ['This field is required'] });
    const res = await me.send('POST', BOOK, { ...fields(), region: null, postcode: '123' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      region: ['This field is required'],
      postcode: ['Please enter a valid postcode for Italy, e.g. 20121'],
    });
    // A change that empties the city is refused as well.
    const address = await saved(me);
    const emptied = await me.send('PATCH', one(address.id), { city: '' });
    expect(emptied.statusCode, emptied.body).toBe(400);
    expect(emptied.json()).toEqual({ city: ['This field is required'] });
    expect(await book(me)).toEqual([address]);
  });

  it('takes a city typed in that is not among the suggestions, and a postcode as the post writes it', async () => {
    const address = await saved(me, {
      country: place.otherCountry,
      region: place.otherRegion,
      city: ' Berlin-Kreuzberg ',
      postcode: ' 10999 ',
    });
    expect(address).toMatchObject({ city: 'Berlin-Kreuzberg', postcode: '10999' });
  });

  it('refuses unknown fields and places that do not belong together', async () => {
    const unknown = await me.send('POST', BOOK, { ...fields(), userId: 1 });
    expect(unknown.statusCode, unknown.body).toBe(400);

    const wrongRegion = await me.send('POST', BOOK, {
      ...fields(),
      country: place.otherCountry,
    });
    expect(wrongRegion.statusCode, wrongRegion.body).toBe(400);
    expect(Object.keys(wrongRegion.json())).toContain('region');

    const noCountry = await me.send('POST', BOOK, { ...fields(), country: 999_999 });
    expect(noCountry.statusCode, noCountry.body).toBe(400);
    expect(Object.keys(noCountry.json())).toEqual(['country']);
    expect(await stored()).toEqual([]);

    // A change of country checks the stored region against the new country.
    const address = await saved(me);
    const moved = await me.send('PATCH', one(address.id), { country: place.otherCountry });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json()).toEqual({ region: ['Please choose a region of the selected country.'] });
    // …and the stored postcode against the new country's shape (Italy's 20121 fits Germany's).
    const cleared = await me.send('PATCH', one(address.id), {
      country: place.otherCountry,
      region: place.otherRegion,
      city: 'Berlin',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(addressSchema.parse(cleared.json())).toMatchObject({
      country: { id: place.otherCountry },
      region: { id: place.otherRegion },
      city: 'Berlin',
      postcode: '20121',
    });
  });
});

describe('each user sees and changes only their own addresses', () => {
  it("answers another user's address with 404 and leaves it as it was", async () => {
    const mine = await saved(me);
    expect(await book(other)).toEqual([]);
    const patch = await other.send('PATCH', one(mine.id), { address: 'Stolen 1' });
    expect(patch.statusCode, patch.body).toBe(404);
    expect(patch.json()).toEqual({ detail: 'Address not found.' });
    const del = await other.send('DELETE', one(mine.id));
    expect(del.statusCode, del.body).toBe(404);
    // Setting someone else's address as default must not clear one's own default either.
    const own = await saved(other, { address: 'Own 1' });
    const steal = await other.send('PATCH', one(mine.id), { isDefault: true });
    expect(steal.statusCode).toBe(404);
    expect(await book(other)).toEqual([own]);
    expect(await book(me)).toEqual([mine]);
  });
});
