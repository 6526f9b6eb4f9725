import { describe, expect, it } from 'vitest';
import {
  awaiting,
  awaitingCases,
  countsAsRevenue,
  dashboardFigures,
  dashboardSince,
  lastDays,
  periodStarts,
  type DayStatusFigures,
} from './dashboard.ts';
import { ORDER_STATUSES } from './order-status.ts';

describe('countsAsRevenue', () => {
  it('paid, processing, shipped and delivered orders; never pending or cancelled', () => {
    expect(ORDER_STATUSES.filter(countsAsRevenue)).toEqual([
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
  });
});

describe('awaiting', () => {
  it.each([
    ['pending', 'bank_transfer', 'payment'],
    ['pending', 'test_card', 'payment'],
    ['pending', null, 'payment'],
    ['pending', 'cod', 'shipping'],
    ['paid', 'bank_transfer', 'shipping'],
    ['processing', 'cod', 'shipping'],
    ['shipped', 'cod', null],
    ['delivered', 'bank_transfer', null],
    ['cancelled', 'bank_transfer', null],
  ] as const)('%s paid by %s waits for %s', (status, kind, expected) => {
    expect(awaiting(status, kind)).toBe(expected);
  });
});

describe('awaitingCases', () => {
  it('lists the pairs the rule says wait for payment: pending and not cash on delivery', () => {
    expect(awaitingCases('payment')).toEqual([
      { status: 'pending', kind: 'bank_transfer' },
      { status: 'pending', kind: 'test_card' },
      { status: 'pending', kind: null },
    ]);
  });
  it('and for shipping: pending cash on delivery, every paid or processing order', () => {
    const cases = awaitingCases('shipping');
    expect(cases).toContainEqual({ status: 'pending', kind: 'cod' });
    expect(cases.filter((c) => c.status === 'paid')).toHaveLength(4);
    expect(cases.filter((c) => c.status === 'processing')).toHaveLength(4);
    expect(cases).toHaveLength(9);
    for (const c of cases) expect(awaiting(c.status, c.kind)).toBe('shipping');
  });
});

describe('periodStarts', () => {
  it('UTC day, the Monday of the week, the first of the month', () => {
    // Thursday 26 November 2026, late evening UTC.
    const starts = periodStarts(new Date('2026-11-26T23:30:00Z'));
    expect(starts.today.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(starts.week.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(starts.month.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('a Sunday belongs to the week that began on Monday; a Monday starts one', () => {
    expect(periodStarts(new Date('2026-11-29T12:00:00Z')).week.toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(periodStarts(new Date('2026-11-30T00:00:00Z')).week.toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });

  it('a week may start in the month before', () => {
    const starts = periodStarts(new Date('2026-12-02T08:00:00Z'));
    expect(starts.week.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(starts.month.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('lastDays and dashboardSince', () => {
  it('the chart’s days end today, oldest first, across a month’s end', () => {
    const days = lastDays(new Date('2026-12-02T08:00:00Z'), 5);
    expect(days).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('reads from the earliest of the chart, the week and the month', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(dashboardSince(now, 30).toISOString()).toBe('2026-10-28T00:00:00.000Z');
    expect(dashboardSince(now, 3).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(dashboardSince(new Date('2026-12-02T10:00:00Z'), 1).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });
});

describe('dashboardFigures', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  const rows: DayStatusFigures[] = [
    // Today: a paid and a pending order, and a cancelled one.
    { day: '2026-11-26', status: 'paid', orders: 2, total: 10.1 },
    { day: '2026-11-26', status: 'pending', orders: 1, total: 99 },
    { day: '2026-11-26', status: 'cancelled', orders: 1, total: 50 },
    // Earlier this week (Monday).
    { day: '2026-11-23', status: 'delivered', orders: 1, total: 0.2 },
    // Earlier this month, before the week.
    { day: '2026-11-02', status: 'shipped', orders: 3, total: 30 },
    { day: '2026-11-02', status: 'processing', orders: 1, total: 0.7 },
    // Last month, inside the chart.
    { day: '2026-10-30', status: 'paid', orders: 4, total: 400 },
    // Before the chart.
    { day: '2026-10-01', status: 'paid', orders: 9, total: 900 },
  ];

  it('counts every order placed, and revenue of paid, processing, shipped and delivered ones', () => {
    const figures = dashboardFigures(rows, now);
    expect(figures.today).toEqual({ orders: 4, revenue: 10.1 });
    expect(figures.week).toEqual({ orders: 5, revenue: 10.3 });
    // 10.1 + 0.2 + 30 + 0.7: summed in cents, no float drift.
    expect(figures.month).toEqual({ orders: 9, revenue: 41 });
  });

  it('orders per day over the last 30 days, days without orders at 0, oldest first', () => {
    const { perDay } = dashboardFigures(rows, now);
    expect(perDay).toHaveLength(30);
    expect(perDay[0]).toEqual({ day: '2026-10-28', orders: 0 });
    expect(perDay.find((d) => d.day === '2026-10-30')).toEqual({ day: '2026-10-30', orders: 4 });
    expect(perDay.find((d) => d.day === '2026-11-02')).toEqual({ day: '2026-11-02', orders: 4 });
    expect(perDay.at(-1)).toEqual({ day: '2026-11-26', orders: 4 });
    expect(perDay.some((d) => d.day === '2026-10-01')).toBe(false);
    expect(perDay.reduce((n, d) => n + d.orders, 0)).toBe(13);
  });

  it('nothing yet: zeros everywhere', () => {
    const figures = dashboardFigures([], now, 7);
    expect(figures.month).toEqual({ orders: 0, revenue: 0 });
    expect(figures.perDay.map((d) => d.orders)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('ignores a day after today (a clock running behind the database)', () => {
    const figures = dashboardFigures(
      [{ day: '2026-11-27', status: 'paid', orders: 1, total: 5 }],
      now,
    );
    expect(figures.today).toEqual({ orders: 0, revenue: 0 });
  });
});
