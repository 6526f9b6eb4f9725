import { z } from 'zod';
import { AWAITING } from '@shop/domain';
import {
  dateTimeSchema,
  idSchema,
  localeSchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  slugIdSchema,
  text,
} from './common.ts';
import { orderSchema, orderStatusSchema, paymentKindSchema } from './sales.ts';

/*
 * The back office (issue 24): calls under `/{locale}/api/staff/…`, for logged-in staff only
 * (401 without a login, 403 for a shopper). Every write carries the CSRF token like any other.
 */

/* ---------- orders ---------- */

export const STAFF_ORDER_PAGE_SIZE = 20;

/** A calendar day, `YYYY-MM-DD`, as a date field sends it. */
const daySchema = z.iso.date();

export const staffOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  payment: paymentKindSchema.optional(),
  /** What the order waits for, by the dashboard's rule (domain `awaiting`): its figures' lists. */
  awaiting: z.enum(AWAITING).optional(),
  /** Placed on or after this day (UTC). */
  from: daySchema.optional(),
  /** Placed on or before this day (UTC). */
  to: daySchema.optional(),
  /** The order number, or part of the e-mail address or the name. */
  q: text().trim().max(100).optional(),
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(STAFF_ORDER_PAGE_SIZE),
});
export type StaffOrdersQuery = z.input<typeof staffOrdersQuerySchema>;

export const staffOrderRowSchema = z.object({
  id: idSchema,
  number: z.string(),
  status: orderStatusSchema,
  createdAt: dateTimeSchema,
  email: z.string(),
  name: z.string(),
  payment: z.object({ title: z.string(), kind: paymentKindSchema.nullable() }),
  orderTotal: z.number(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;

export const staffStatusChangeSchema = z.object({
  status: orderStatusSchema,
  note: z.string(),
  /** The staff member's name or e-mail; null when the shop moved it (checkout, a provider). */
  by: z.string().nullable(),
  at: dateTimeSchema,
});

export const staffOrderMailSchema = z.object({
  kind: z.string(),
  email: z.string(),
  subject: z.string(),
  locale: localeSchema,
  at: dateTimeSchema,
});

/** What a staff log entry of an order says the order was, or became: its status, tracking number. */
export const staffOrderStateSchema = z.object({
  status: orderStatusSchema.optional(),
  trackingNumber: z.string().optional(),
});

/** The order's part of the staff log (`staff_actions`): who changed what, when, before → after. */
export const staffOrderActionSchema = z.object({
  id: idSchema,
  /** `move:<status>` for a move, `tracking` for a tracking number set apart from the move. */
  action: z.string(),
  /** The staff member's name or e-mail; null when their account is gone. */
  by: z.string().nullable(),
  at: dateTimeSchema,
  before: staffOrderStateSchema,
  after: staffOrderStateSchema,
});
export type StaffOrderAction = z.infer<typeof staffOrderActionSchema>;

/** The order as staff see it: the shopper's view plus its story and what may happen next. */
export const staffOrderSchema = orderSchema.extend({
  version: z.number().int().positive(),
  trackingNumber: z.string(),
  /** The order's language: its mails go out in it. */
  locale: localeSchema,
  history: z.array(staffStatusChangeSchema),
  mails: z.array(staffOrderMailSchema),
  /** Its staff log entries, newest first. */
  actions: z.array(staffOrderActionSchema),
  /** The statuses staff may move it to now (domain `staffMoves`). */
  moves: z.array(orderStatusSchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** Where a staff move may take an order: never back to pending. */
export const staffMoveSchema = z.enum(['paid', 'processing', 'shipped', 'delivered', 'cancelled']);

export const staffMoveBodySchema = z.object({
  to: staffMoveSchema,
  /** The order's version the screen showed: a move made since refuses this one (409). */
  version: z.number().int().positive(),
  /** Only with `shipped`; may stay empty. */
  trackingNumber: text().trim().max(100).optional(),
});
export type StaffMoveBody = z.infer<typeof staffMoveBodySchema>;

/* ---------- shop switch ---------- */

/**
 * The shop info record's three switches (spec: "visible and active, or staff"; the cart flag).
 * Visitors see the shop only while it is both visible and active, otherwise coming-soon; staff
 * always see it. With the cart off the shop shows its products but takes no orders.
 */
export const staffShopSchema = z.object({
  /** Shown to the public (off: not launched, or closed). */
  visible: z.boolean(),
  /** Running (off: paused, e.g. for maintenance). */
  active: z.boolean(),
  /** The cart and the checkout take orders. */
  cart: z.boolean(),
});
export type StaffShop = z.infer<typeof staffShopSchema>;

export const STAFF_SHOP_SWITCHES = ['visible', 'active', 'cart'] as const;
export type StaffShopSwitch = (typeof STAFF_SHOP_SWITCHES)[number];

/** Any of the switches, at least one; what is not sent stays as it is. */
export const staffShopBodySchema = z
  .object({
    visible: z.boolean().optional(),
    active: z.boolean().optional(),
    cart: z.boolean().optional(),
  })
  .refine((body) => STAFF_SHOP_SWITCHES.some((key) => body[key] !== undefined), {
    message: 'staff.shop.nothingToChange',
  });
export type StaffShopBody = z.infer<typeof staffShopBodySchema>;

/* ---------- reviews ---------- */

export const STAFF_REVIEW_KINDS = ['product', 'shop'] as const;
export const staffReviewKindSchema = z.enum(STAFF_REVIEW_KINDS);
export type StaffReviewKind = z.infer<typeof staffReviewKindSchema>;

export const STAFF_REVIEW_PAGE_SIZE = 20;
export const staffReviewsQuerySchema = z.object({
  kind: staffReviewKindSchema.optional(),
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(STAFF_REVIEW_PAGE_SIZE),
});
export type StaffReviewsQuery = z.input<typeof staffReviewsQuerySchema>;

export const staffReviewSchema = z.object({
  id: idSchema,
  kind: staffReviewKindSchema,
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  author: z.string(),
  email: z.string(),
  language: localeSchema,
  createdAt: dateTimeSchema,
  /** Product reviews: the product's title in the caller's language. */
  productTitle: z.string().nullable(),
  hidden: z.boolean(),
  hiddenReason: z.string(),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

export const staffReviewParamsSchema = z.object({ kind: staffReviewKindSchema, id: slugIdSchema });

export const staffReviewBodySchema = z
  .object({
    action: z.enum(['hide', 'show', 'delete']),
    /** Why: kept in the staff log (and shown beside a hidden review); needed to hide or delete. */
    reason: text().trim().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'show' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'staff.reviews.reasonRequired' });
  });
export type StaffReviewBody = z.infer<typeof staffReviewBodySchema>;

/* ---------- feedback inbox ---------- */

export const FEEDBACK_STATES = ['new', 'read', 'answered'] as const;
export const feedbackStateSchema = z.enum(FEEDBACK_STATES);

export const STAFF_FEEDBACK_PAGE_SIZE = 20;
export const staffFeedbackQuerySchema = z.object({
  state: feedbackStateSchema.optional(),
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(STAFF_FEEDBACK_PAGE_SIZE),
});
export type StaffFeedbackQuery = z.input<typeof staffFeedbackQuerySchema>;

export const staffFeedbackSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  language: localeSchema,
  createdAt: dateTimeSchema,
  state: feedbackStateSchema,
});
export type StaffFeedback = z.infer<typeof staffFeedbackSchema>;

export const staffFeedbackBodySchema = z.object({ mark: z.enum(['read', 'answered']) });
export type StaffFeedbackBody = z.infer<typeof staffFeedbackBodySchema>;
