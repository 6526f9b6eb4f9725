import type { FeedbackBody, Locale } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

export type FeedbackRow = typeof s.feedbacks.$inferSelect;

/** Keeps a message of the contact form (staff read them even when the mail got lost). */
export async function saveFeedback(
  db: Database,
  message: Omit<FeedbackBody, 'website'> & { locale: Locale; userId: number | null },
): Promise<FeedbackRow> {
  const [row] = await db
    .insert(s.feedbacks)
    .values({
      userId: message.userId,
      name: message.name,
      email: message.email,
      phone: message.phone ?? '',
      subject: message.subject,
      message: message.message,
      locale: message.locale,
    })
    .returning();
  if (!row) throw new Error('feedback insert returned no row');
  return row;
}
