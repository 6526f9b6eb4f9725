import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

/** One write of the back office, as the staff log keeps it (decision 0053). */
export type StaffLogEntry = {
  /** Who made it; null for the shop itself. */
  userId: number | null;
  /** What it changed: 'order', 'product', 'shop', 'catalogue', … and that row's id (0: none). */
  subject: string;
  subjectId: number;
  action: string;
  before: unknown;
  after: unknown;
  reason?: string;
  /** The vendor the change belonged to (decision 0053's plan for vendor staff). */
  vendorId?: number | null;
  /** The app's clock; the database's when not given. */
  now?: Date | undefined;
};

/**
 * Records one back-office write in `staff_actions`: who, what, when, before and after. Called
 * inside the transaction of the change, so the log and the change commit together.
 */
export async function logStaffAction(tx: Database, entry: StaffLogEntry): Promise<void> {
  const { now, reason, ...rest } = entry;
  await tx.insert(s.staffActions).values({
    ...rest,
    reason: reason ?? '',
    ...(now ? { createdAt: now } : {}),
  });
}
