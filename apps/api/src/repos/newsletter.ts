import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@shop/contract';
import type { Database, Transaction } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

/*
 * The newsletter's list (issue 23, decision 0052): one row per address, confirmed once its signed
 * link was opened. An account's switch (users.newsletter) follows its address's row, and the row
 * follows the switch, each change in one transaction.
 */

const normal = (email: string) => email.trim().toLowerCase();

/** Whether the address is on the list (confirmed). */
export async function isSubscribed(db: Database | Transaction, email: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: s.newsletterSubscribers.confirmedAt })
    .from(s.newsletterSubscribers)
    .where(eq(s.newsletterSubscribers.email, normal(email)));
  return row?.confirmedAt != null;
}

/**
 * Notes an address that asked to subscribe (not on the list yet); answers false when it is on the
 * list already, so a second sign-up changes nothing and mails nothing.
 */
export async function askToSubscribe(db: Database, email: string, locale: Locale) {
  const [row] = await db
    .insert(s.newsletterSubscribers)
    .values({ email: normal(email), locale })
    .onConflictDoUpdate({
      target: s.newsletterSubscribers.email,
      // The language of the latest request, while it is only asked.
      set: {
        locale: sql`case when ${s.newsletterSubscribers.confirmedAt} is null then excluded.locale else ${s.newsletterSubscribers.locale} end`,
      },
    })
    .returning({ confirmedAt: s.newsletterSubscribers.confirmedAt });
  return row?.confirmedAt == null;
}

/** Puts the address on the list (again: no change), with the account of that address. */
export async function subscribe(
  db: Database | Transaction,
  email: string,
  locale: Locale,
  now: Date,
) {
  const address = normal(email);
  const run = async (tx: Transaction) => {
    await tx
      .insert(s.newsletterSubscribers)
      .values({ email: address, locale, confirmedAt: now })
      .onConflictDoUpdate({
        target: s.newsletterSubscribers.email,
        set: {
          confirmedAt: sql`coalesce(${s.newsletterSubscribers.confirmedAt}, excluded.confirmed_at)`,
        },
      });
    await tx.update(s.users).set({ newsletter: true }).where(eq(s.users.email, address));
  };
  return db.transaction(run);
}

/** Takes the address off the list, with the account of that address. */
export async function unsubscribe(db: Database | Transaction, email: string) {
  const address = normal(email);
  const run = async (tx: Transaction) => {
    await tx.delete(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, address));
    await tx.update(s.users).set({ newsletter: false }).where(eq(s.users.email, address));
  };
  return db.transaction(run);
}
