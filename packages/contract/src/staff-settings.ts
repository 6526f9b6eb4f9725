import { z } from 'zod';
import {
  dateTimeSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idSchema,
  moneySchema,
  slugIdSchema,
  text,
} from './common.ts';
import type { EndpointDef } from './endpoints.ts';
import { paymentKindSchema, promoDiscountTypeSchema } from './sales.ts';
import { staffOrderSchema } from './staff.ts';

/*
 * The back office's shop settings and dashboard (issue 24): promo codes, deliveries and their
 * prices, payment methods on or off, the order's tracking number outside the "Shipped" move, and
 * the dashboard's figures. Staff only (`auth: 'staff'`); every write carries the CSRF token.
 */

/* ---------- promo codes ---------- */

/** Where a code stands now (domain `promoState`); `off` when switched off. */
export const staffPromoStateSchema = z.enum(['valid', 'expired', 'notYet', 'off']);
export type StaffPromoState = z.infer<typeof staffPromoStateSchema>;

export const staffPromoCodeSchema = z.object({
  id: idSchema,
  /** Upper-cased as stored: shoppers may type any case. */
  code: z.string(),
  discountType: promoDiscountTypeSchema,
  discountValue: moneySchema,
  /** Applies only when the discounted cart total is above this; null: always. */
  fromPrice: moneySchema.nullable(),
  startsAt: dateTimeSchema.nullable(),
  /** The first instant it no longer applies (half-open window); null: never ends. */
  endsAt: dateTimeSchema.nullable(),
  state: staffPromoStateSchema,
  /** Orders placed with it. */
  orders: z.number().int().nonnegative(),
});
export type StaffPromoCode = z.infer<typeof staffPromoCodeSchema>;

/** 3 to 32 letters, digits, `-` and `_`: what a shopper can type back from a flyer. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** A calendar day, `YYYY-MM-DD` (UTC), as a date field sends it. */
const daySchema = z.iso.date();

/** A non-negative amount with at most 2 decimals. */
const amountSchema = moneySchema.refine((value) => value >= 0, {
  message: 'staffSettings.errors.notNegative',
});

/**
 * A new promo code. The days are UTC calendar days: valid from the start of `startsOn` to the end
 * of `endsOn` (both optional, both included).
 */
export const staffPromoCodeBodySchema = z
  .object({
    code: text()
      .trim()
      .min(1)
      .refine((code) => code === '' || PROMO_CODE_PATTERN.test(code), {
        message: 'staffSettings.errors.codeFormat',
      }),
    discountType: promoDiscountTypeSchema,
    discountValue: moneySchema.refine((value) => value > 0, {
      message: 'staffSettings.errors.positive',
    }),
    fromPrice: amountSchema.nullable().default(null),
    startsOn: daySchema.optional(),
    endsOn: daySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.discountType === 'percent' && body.discountValue > 100)
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'staffSettings.errors.percentMax',
      });
    if (body.startsOn && body.endsOn && body.endsOn < body.startsOn)
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'staffSettings.errors.endsBeforeStart',
      });
  });
export type StaffPromoCodeBody = z.input<typeof staffPromoCodeBodySchema>;

/* ---------- deliveries ---------- */

export const staffDeliverySchema = z.object({
  id: idSchema,
  key: z.string(),
  title: z.string(),
  price: moneySchema,
  /** Free when the cart's total reaches this; null: never free. */
  freeFrom: moneySchema.nullable(),
  pickup: z.boolean(),
  /** Offered at the checkout. */
  active: z.boolean(),
});
export type StaffDelivery = z.infer<typeof staffDeliverySchema>;

/** A delivery's price, free-from amount and whether the checkout offers it, all at once. */
export const staffDeliveryBodySchema = z.object({
  price: amountSchema,
  freeFrom: amountSchema.nullable().default(null),
  active: z.boolean(),
});
export type StaffDeliveryBody = z.input<typeof staffDeliveryBodySchema>;

/* ---------- payment methods ---------- */

export const staffPaymentSchema = z.object({
  id: idSchema,
  kind: paymentKindSchema,
  title: z.string(),
  /** Switched on by staff. */
  active: z.boolean(),
  /** This server has a provider for it: an active method is offered only then. */
  configured: z.boolean(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const staffPaymentBodySchema = z.object({ active: z.boolean() });
export type StaffPaymentBody = z.infer<typeof staffPaymentBodySchema>;

/* ---------- tracking number ---------- */

export const staffTrackingBodySchema = z.object({
  /** Empty clears it. */
  trackingNumber: text().trim().max(100),
  /** The order's version the screen showed: a change made since refuses this one (409). */
  version: z.number().int().positive(),
});
export type StaffTrackingBody = z.infer<typeof staffTrackingBodySchema>;

/* ---------- dashboard ---------- */

const periodSchema = z.object({
  orders: z.number().int().nonnegative(),
  /** Totals of paid, processing, shipped and delivered orders (domain `countsAsRevenue`). */
  revenue: moneySchema,
});

export const staffDashboardSchema = z.object({
  currency: z.string(),
  today: periodSchema,
  week: periodSchema,
  month: periodSchema,
  /** Pending orders paid before shipping (domain `awaiting`). */
  awaitingPayment: z.number().int().nonnegative(),
  /** Paid or processing orders, and pending cash-on-delivery ones. */
  awaitingShipping: z.number().int().nonnegative(),
  /** Active products (variations too) whose counted stock is 0. */
  outOfStock: z.number().int().nonnegative(),
  /** A few of them, for the dashboard's list. */
  outOfStockProducts: z.array(z.object({ id: idSchema, title: z.string(), slug: z.string() })),
  /** Orders placed per UTC day over the last 30 days, oldest first. */
  perDay: z.array(z.object({ day: z.iso.date(), orders: z.number().int().nonnegative() })),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

/* ---------- endpoints ---------- */

const idParams = z.object({ id: slugIdSchema });
const staffOnly = { 401: detailErrorSchema, 403: detailErrorSchema } as const;
const badRequest = { 400: fieldErrorsSchema } as const;

const def = <const E extends EndpointDef>(e: E): E => e;

export const staffSettingsEndpoints = {
  dashboard: def({
    method: 'GET',
    path: '/api/staff/dashboard/',
    summary:
      'Staff: orders and revenue today, this week and this month, what waits, orders per day',
    response: staffDashboardSchema,
    auth: 'staff',
    errors: staffOnly,
  }),
  promoCodes: def({
    method: 'GET',
    path: '/api/staff/promo-codes/',
    summary: 'Staff: every promo code, newest first, with its state',
    response: z.array(staffPromoCodeSchema),
    auth: 'staff',
    errors: staffOnly,
  }),
  createPromoCode: def({
    method: 'POST',
    path: '/api/staff/promo-codes/',
    summary: 'Staff: create a promo code (400 when the code exists already)',
    body: staffPromoCodeBodySchema,
    response: staffPromoCodeSchema,
    status: 201,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  }),
  expirePromoCode: def({
    method: 'POST',
    path: '/api/staff/promo-codes/{id}/expire/',
    summary: 'Staff: end a promo code now',
    params: idParams,
    response: staffPromoCodeSchema,
    auth: 'staff',
    errors: staffOnly,
  }),
  deliveries: def({
    method: 'GET',
    path: '/api/staff/deliveries/',
    summary: 'Staff: every delivery, on or off, with its price',
    response: z.array(staffDeliverySchema),
    auth: 'staff',
    errors: staffOnly,
  }),
  updateDelivery: def({
    method: 'PUT',
    path: '/api/staff/deliveries/{id}/',
    summary: "Staff: a delivery's price, free-from amount, and on or off",
    params: idParams,
    body: staffDeliveryBodySchema,
    response: staffDeliverySchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  }),
  payments: def({
    method: 'GET',
    path: '/api/staff/payments/',
    summary: 'Staff: every payment method, on or off',
    response: z.array(staffPaymentSchema),
    auth: 'staff',
    errors: staffOnly,
  }),
  updatePayment: def({
    method: 'PATCH',
    path: '/api/staff/payments/{id}/',
    summary: 'Staff: switch a payment method on or off',
    params: idParams,
    body: staffPaymentBodySchema,
    response: staffPaymentSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  }),
  setTracking: def({
    method: 'POST',
    path: '/api/staff/orders/{id}/tracking/',
    summary:
      "Staff: set or change a shipped order's tracking number; 409 when not shipped or changed meanwhile",
    params: idParams,
    body: staffTrackingBodySchema,
    response: staffOrderSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest, 409: detailErrorSchema },
  }),
} as const;
