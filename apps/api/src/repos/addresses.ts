import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import {
  ADDRESS_BOOK_LIMIT,
  type Address,
  type CreateAddressBody,
  type Locale,
  type UpdateAddressBody,
} from '@shop/contract';
import { normalizePostcode } from '@shop/domain';
import type { Database, Transaction } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';

/*
 * The address book. Every query is scoped to the owner, so another user's address is simply not
 * found. Writes lock the owner's user row first: two tabs saving at once take turns, so "at most
 * one default" and "at most ADDRESS_BOOK_LIMIT addresses" hold (the partial unique index on the
 * default backs the first up).
 */

const a = s.userAddresses;
export type AddressRow = typeof a.$inferSelect;

async function lockOwner(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for('update');
}

/** The book as answered, the default first, then in the order saved. */
export async function listAddresses(
  db: Database,
  locale: Locale,
  userId: number,
): Promise<Address[]> {
  return addressViews(db, locale, eq(a.userId, userId));
}

/** One address of the user, or null. */
export async function findAddress(
  db: Database,
  locale: Locale,
  userId: number,
  id: number,
): Promise<Address | null> {
  const [row] = await addressViews(db, locale, and(eq(a.userId, userId), eq(a.id, id)));
  return row ?? null;
}

/** The stored fields of the user's address, or null: what a partial change is merged into. */
export async function addressRow(
  db: Database,
  userId: number,
  id: number,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.userId, userId), eq(a.id, id)));
  return row ?? null;
}

const columnsOf = (body: UpdateAddressBody) => ({
  ...(body.firstName !== undefined && { firstName: body.firstName }),
  ...(body.lastName !== undefined && { lastName: body.lastName }),
  ...(body.phone !== undefined && { phone: body.phone }),
  ...(body.country !== undefined && { countryId: body.country }),
  ...(body.region !== undefined && { regionId: body.region }),
  ...(body.city !== undefined && { city: body.city }),
  ...(body.address !== undefined && { address: body.address }),
  ...(body.postcode !== undefined && { postcode: normalizePostcode(body.postcode) }),
});

/**
 * Saves a new address; it becomes the default when asked to or when the user has none. Null when
 * the book is full.
 */
export async function addAddress(
  db: Database,
  userId: number,
  body: CreateAddressBody,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [book] = await tx.select({ n: count() }).from(a).where(eq(a.userId, userId));
    if ((book?.n ?? 0) >= ADDRESS_BOOK_LIMIT) return null;
    const [current] = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.isDefault, true)));
    const isDefault = body.isDefault === true || !current;
    if (isDefault && current)
      await tx.update(a).set({ isDefault: false }).where(eq(a.id, current.id));
    const [row] = await tx
      .insert(a)
      .values({
        userId,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        countryId: body.country,
        regionId: body.region ?? null,
        city: body.city,
        address: body.address,
        postcode: normalizePostcode(body.postcode),
        isDefault,
      })
      .returning({ id: a.id });
    if (!row) throw new Error('address insert returned no row');
    return row.id;
  });
}

/**
 * Changes the user's address; `isDefault: true` makes it the default (the previous one stops
 * being it), `false` leaves the user without a default. False when the user has no such address.
 */
export async function updateAddress(
  db: Database,
  userId: number,
  id: number,
  body: UpdateAddressBody,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [own] = await tx
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.id, id)));
    if (!own) return false;
    if (body.isDefault === true)
      await tx
        .update(a)
        .set({ isDefault: false })
        .where(and(eq(a.userId, userId), ne(a.id, id), eq(a.isDefault, true)));
    const changes = {
      ...columnsOf(body),
      ...(body.isDefault !== undefined && { isDefault: body.isDefault }),
    };
    if (Object.keys(changes).length > 0) await tx.update(a).set(changes).where(eq(a.id, id));
    return true;
  });
}

/**
 * Deletes the user's address; when it was the default, the oldest remaining one takes over (a
 * shopper with addresses always starts checkout from one). False when there is no such address.
 */
export async function removeAddress(db: Database, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [removed] = await tx
      .delete(a)
      .where(and(eq(a.userId, userId), eq(a.id, id)))
      .returning({ isDefault: a.isDefault });
    if (!removed) return false;
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: a.id })
        .from(a)
        .where(eq(a.userId, userId))
        .orderBy(asc(a.createdAt), asc(a.id))
        .limit(1);
      if (next) await tx.update(a).set({ isDefault: true }).where(eq(a.id, next.id));
    }
    return true;
  });
}

async function addressViews(
  db: Database,
  locale: Locale,
  where: ReturnType<typeof and>,
): Promise<Address[]> {
  const ct = translated(s.countryTranslations, locale, 'ct');
  const rt = translated(s.regionTranslations, locale, 'rt');
  const rows = await db
    .select({
      row: a,
      country: ct.text('title'),
      region: rt.text('title'),
    })
    .from(a)
    .leftJoin(ct.local, ct.onLocal(a.countryId))
    .leftJoin(ct.fallback, ct.onFallback(a.countryId))
    .leftJoin(rt.local, rt.onLocal(a.regionId))
    .leftJoin(rt.fallback, rt.onFallback(a.regionId))
    .where(where)
    .orderBy(desc(a.isDefault), asc(a.createdAt), asc(a.id));
  return rows.map(({ row, country, region }) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    country: { id: row.countryId, title: country },
    region: row.regionId === null ? null : { id: row.regionId, title: region },
    city: row.city,
    address: row.address,
    postcode: row.postcode,
    isDefault: row.isDefault,
  }));
}
