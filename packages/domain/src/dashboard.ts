import { fromCents, toCents } from './money.ts';
import {
  ORDER_STATUSES,
  PAYMENT_KIND_NAMES,
  type OrderStatus,
  type PaymentKindName,
} from './order-status.ts';

/*
 * The back office's dashboard (issue 24): what counts as revenue, which orders wait for what, and
 * the figures of today, this week and this month. Days, weeks and months are UTC calendar ones,
 * like the order list's date filter; a week starts on Monday (ISO 8601).
 */

/**
 * The statuses whose orders are revenue: the money reached the shop or the goods left it. A
 * pending order is not (unpaid, or cash on delivery still to be collected and shipped); a
 * cancelled one never is.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
];

export function countsAsRevenue(status: OrderStatus): boolean {
  return REVENUE_STATUSES.includes(status);
}

/**
 * What an order is waiting for, from the shop's side: `payment` for a pending order paid before
 * shipping (bank transfer, card), `shipping` for a paid or processing one and for a pending
 * cash-on-delivery order (paid at the door, so it is shipped first); null when nothing (shipped,
 * delivered, cancelled).
 */
export function awaiting(status: OrderStatus, kind: PaymentKindName | null): Awaiting | null {
  if (status === 'pending') return kind === 'cod' ? 'shipping' : 'payment';
  if (status === 'paid' || status === 'processing') return 'shipping';
  return null;
}

export const AWAITING = ['payment', 'shipping'] as const;
export type Awaiting = (typeof AWAITING)[number];

/**
 * Every (status, payment kind) pair that `awaiting` says waits for `what`; kind null: an order
 * without a payment method. The order list's filter selects exactly these, so the list behind a
 * dashboard figure holds the orders the figure counts (one rule, not a copy of it in SQL).
 */
export function awaitingCases(
  what: Awaiting,
): { status: OrderStatus; kind: PaymentKindName | null }[] {
  return ORDER_STATUSES.flatMap((status) =>
    [...PAYMENT_KIND_NAMES, null]
      .filter((kind) => awaiting(status, kind) === what)
      .map((kind) => ({ status, kind })),
  );
}

/** A UTC calendar day, `YYYY-MM-DD`. */
export type Day = string;

export const dayOf = (at: Date): Day => at.toISOString().slice(0, 10);

const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The first instant of today, of this week (Monday) and of this month, in UTC. */
export function periodStarts(now: Date): { today: Date; week: Date; month: Date } {
  const today = startOfUtcDay(now);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const week = new Date(today.getTime() - sinceMonday * 86_400_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, week, month };
}

/** The `days` calendar days ending today (oldest first), e.g. the chart's last 30. */
export function lastDays(now: Date, days: number): Day[] {
  const today = startOfUtcDay(now).getTime();
  return Array.from({ length: days }, (_, i) =>
    dayOf(new Date(today - (days - 1 - i) * 86_400_000)),
  );
}

/** Orders of one day and status, as the database sums them: how many and their totals. */
export type DayStatusFigures = { day: Day; status: OrderStatus; orders: number; total: number };

export type PeriodFigures = { orders: number; revenue: number };

export type DashboardFigures = {
  today: PeriodFigures;
  week: PeriodFigures;
  month: PeriodFigures;
  /** Orders placed per day over the chart's days, oldest first, days without orders at 0. */
  perDay: { day: Day; orders: number }[];
};

export const CHART_DAYS = 30;

/**
 * The dashboard's figures from orders summed per day and status. Orders count every order placed
 * in the period, whatever became of it since (the demand); revenue sums the totals of those with
 * a revenue status (`countsAsRevenue`), in cents so no float drifts.
 */
export function dashboardFigures(
  rows: readonly DayStatusFigures[],
  now: Date,
  chartDays = CHART_DAYS,
): DashboardFigures {
  const starts = periodStarts(now);
  const from = { today: dayOf(starts.today), week: dayOf(starts.week), month: dayOf(starts.month) };
  const cents = { today: 0, week: 0, month: 0 };
  const orders = { today: 0, week: 0, month: 0 };
  const perDay = new Map(lastDays(now, chartDays).map((day) => [day, 0]));
  const todayDay = from.today;
  for (const row of rows) {
    if (row.day > todayDay) continue;
    if (perDay.has(row.day)) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.orders);
    for (const period of ['today', 'week', 'month'] as const) {
      if (row.day < from[period]) continue;
      orders[period] += row.orders;
      if (countsAsRevenue(row.status)) cents[period] += toCents(row.total);
    }
  }
  const figures = (period: 'today' | 'week' | 'month') => ({
    orders: orders[period],
    revenue: fromCents(cents[period]),
  });
  return {
    today: figures('today'),
    week: figures('week'),
    month: figures('month'),
    perDay: [...perDay].map(([day, n]) => ({ day, orders: n })),
  };
}

/** The first day the dashboard needs orders from: the month's, the week's or the chart's. */
export function dashboardSince(now: Date, chartDays = CHART_DAYS): Date {
  const { week, month } = periodStarts(now);
  const chart = new Date(startOfUtcDay(now).getTime() - (chartDays - 1) * 86_400_000);
  return new Date(Math.min(week.getTime(), month.getTime(), chart.getTime()));
}
