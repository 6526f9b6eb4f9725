import { z } from 'zod';
import { MAX_LINE_QUANTITY, ORDER_STATUSES } from '@shop/domain';
import { emailSchema, linkTokenSchema } from './accounts.ts';
import {
  cartDisabledErrorSchema,
  dateTimeSchema,
  errorBodySchema,
  fieldErrorsSchema,
  idSchema,
  moneySchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  percentSchema,
  slugIdSchema,
  text,
} from './common.ts';
import { phoneSchema } from './organizations.ts';
import { cartRefSchema, productCardSchema, productValueSchema } from './products.ts';

/* Cart, promo codes, deliveries, payments, checkout and orders. All money is server-computed. */

export const cartItemSchema = z.object({
  id: idSchema,
  cart: idSchema,
  /** The product of a product line; null on a bundle line. */
  product: idSchema.nullable(),
  /** The bundle of a bundle line; null on a product line. */
  bundle: idSchema.nullable(),
  ref: cartRefSchema,
  quantity: z.number().int().positive(),
  /** The line may not be changed by the shopper (e.g. added by a promotion). */
  protected: z.boolean(),
  /** Stock no longer covers the quantity. */
  short: z.boolean(),
  /** The card of the product or bundle. */
  item: productCardSchema,
  /** The values that tell this variation from its family (size, colour); empty otherwise. */
  variation: z.array(productValueSchema),
  /** List price of one unit. */
  unitPrice: moneySchema,
  discountPercent: percentSchema,
  /** Line total after discount. */
  discountPrice: moneySchema,
  /** Line discount amount. */
  discount: moneySchema,
  /** What the shopper pays for the line once the promo code took its share (discountPrice − share). */
  paid: moneySchema,
  /** The line's VAT rate: the delivery's VAT follows the goods' rates (decision 0047). */
  vatPercent: percentSchema,
  /** VAT included in what is paid for the line (`paid`). */
  totalVat: moneySchema,
  available: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartTotalsSchema = z.object({
  quantity: z.number().int().nonnegative(),
  /** Sum of list prices. */
  total: moneySchema,
  discount: moneySchema,
  /** Sum after item discounts. */
  discountPrice: moneySchema,
  totalVat: moneySchema,
  promoDiscount: moneySchema,
  /** What the shopper pays before delivery. */
  grandTotal: moneySchema,
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

/** The totals of a cart with no lines. */
export const EMPTY_CART_TOTALS: CartTotals = {
  quantity: 0,
  total: 0,
  discount: 0,
  discountPrice: 0,
  totalVat: 0,
  promoDiscount: 0,
  grandTotal: 0,
};

export const promoDiscountTypeSchema = z.enum(['percent', 'fixed']);
export const promoCodeSchema = z.object({
  code: z.string(),
  discountType: promoDiscountTypeSchema,
  discountValue: moneySchema,
  /** The promo applies only when the discounted total is above this; null: always. */
  fromPrice: moneySchema.nullable(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const cartSchema = z.object({
  /** null: the caller has no cart yet (reading a cart creates neither a session nor a cart). */
  id: idSchema.nullable(),
  items: z.array(cartItemSchema),
  totals: cartTotalsSchema,
  promoCode: promoCodeSchema.nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * What the shop's header shows on every page (issue 25): how many items the cart holds and how
 * many products the wishlist saves, as counts, without pricing either. `saved` names the saved
 * products (newest first, at most BADGE_SAVED_MAX) for the cards' hearts. Read in one round of
 * indexed queries; the priced cart is `GET /api/sales/cart_products/`.
 */
export const BADGE_SAVED_MAX = 100;

export const badgesSchema = z.object({
  /** Units in the cart's lines that can still be sold (the cart's `totals.quantity`). */
  cartQuantity: z.number().int().nonnegative(),
  /** Products the logged-in user's wishlist shows; 0 for a visitor. */
  wishlistCount: z.number().int().nonnegative(),
  /** The newest saved products: the wishlist item `id` of each `product`. */
  saved: z.array(z.object({ id: idSchema, product: idSchema })).max(BADGE_SAVED_MAX),
});
export type Badges = z.infer<typeof badgesSchema>;

/** `{productId}` in cart paths: the product id, or the bundle id when ref is 'bundle'. */
export const cartItemParamsSchema = z.object({ productId: slugIdSchema });

/** PATCH sets the quantity (0 removes the line); answers the whole cart. */
export const setCartQuantityBodySchema = z.object({
  quantity: z.number().int().min(0).max(MAX_LINE_QUANTITY),
  ref: cartRefSchema.optional(),
});
export type SetCartQuantityBody = z.infer<typeof setCartQuantityBodySchema>;

export const removeCartItemQuerySchema = z.object({ ref: cartRefSchema.optional() });
export type RemoveCartItemQuery = z.input<typeof removeCartItemQuerySchema>;

/**
 * 400 answer of a cart change (spec section 8): `product` when the product cannot be sold,
 * `productQuantity` (what is left) with `quantity` messages when stock is short.
 */
export const addToCartErrorSchema = z.object({
  product: z.array(z.string()).optional(),
  productQuantity: z.number().int().nonnegative().optional(),
  quantity: z.array(z.string()).optional(),
});
export type AddToCartError = z.infer<typeof addToCartErrorSchema>;

/**
 * Every 400 of a cart change: the cart error above, the cart turned off (`code: 'cart_disabled'`),
 * or field errors (invalid body). The cart error is strict so that field errors of other fields
 * (`ref`, `non_field_errors`) are not serialised through it and stripped to `{}`.
 */
export const setCartQuantityErrorSchema = z.union([
  addToCartErrorSchema.strict(),
  cartDisabledErrorSchema,
  errorBodySchema,
]);
export type SetCartQuantityError = z.infer<typeof setCartQuantityErrorSchema>;

/** POST /api/sales/cart_products/{productId}/add/: adds to what the line holds, atomically. */
export const addToCartBodySchema = z.object({
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  ref: cartRefSchema.optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/** POST /api/sales/cart/promo_code/ applies; DELETE removes. Both answer the cart. */
export const promoCodeBodySchema = z.object({ code: text().trim().min(1).max(50) });
export type PromoCodeBody = z.infer<typeof promoCodeBodySchema>;

/* ---------- deliveries and payments ---------- */

export const deliverySchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  price: moneySchema,
  /** Free when the cart's grand total reaches this; null: never free. */
  freeFrom: moneySchema.nullable(),
  /** Collected by the shopper at a pickup point: no shipping address is asked for. */
  pickup: z.boolean(),
  /** Where a pickup delivery is collected (name and address), in the caller's language; '' otherwise. */
  pickupPoint: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesSchema = z.array(deliverySchema);

export const paymentKindSchema = z.enum(['cod', 'bank_transfer', 'test_card']);
export const paymentSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  kind: paymentKindSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentsSchema = z.array(paymentSchema);

/* ---------- checkout and orders ---------- */

/**
 * Where a parcel goes: country, region (required where the country has regions: the API knows
 * which do), city as typed (the region's cities are only suggestions), street and postcode (its
 * shape checked per country, see `postcodeIssues`). Required for every delivery but pickup.
 */
export const shippingAddressSchema = z.object({
  country: idSchema,
  region: idSchema.nullable().optional(),
  city: text().trim().min(1).max(100),
  address: text().trim().min(1).max(300),
  postcode: text().trim().min(1).max(20),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const checkoutBodySchema = z.object({
  email: emailSchema,
  firstName: text().trim().min(1).max(100),
  lastName: text().trim().min(1).max(100),
  phone: phoneSchema,
  // Optional here because a pickup delivery needs none of them; for any other delivery the API
  // requires them with `shippingAddressSchema`, and answers every missing one at once.
  ...shippingAddressSchema.partial().shape,
  delivery: idSchema,
  payment: idSchema,
  comment: text().trim().max(1000).optional(),
  promoCode: text().trim().max(50).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export { ORDER_STATUSES };
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderItemSchema = z.object({
  id: idSchema,
  product: idSchema.nullable(),
  bundle: idSchema.nullable(),
  ref: cartRefSchema,
  title: z.string(),
  quantity: z.number().int().positive(),
  unitPrice: moneySchema,
  discountPercent: percentSchema,
  discount: moneySchema,
  discountPrice: moneySchema,
  totalVat: moneySchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: idSchema,
  /** Human order number shown in mails. */
  number: z.string(),
  status: orderStatusSchema,
  createdAt: dateTimeSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  /** Null (and the address fields empty) for a pickup order: it is collected, not shipped. */
  country: z.object({ id: idSchema, title: z.string() }).nullable(),
  region: z.object({ id: idSchema, title: z.string() }).nullable(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
  comment: z.string(),
  delivery: z.object({
    id: idSchema,
    title: z.string(),
    /** What the order charges for it (the same as totals.delivery). */
    price: moneySchema,
    pickup: z.boolean(),
    /** Where a pickup order is collected; '' for a shipped one. */
    pickupPoint: z.string(),
  }),
  payment: z.object({ id: idSchema, title: z.string(), kind: paymentKindSchema }),
  items: z.array(orderItemSchema),
  /**
   * The cart's totals, the delivery and what the order charges. `totalVat` is the VAT of all it
   * charges: the goods' and the delivery's (`deliveryVat`, which follows the goods' rates).
   */
  totals: cartTotalsSchema.extend({
    delivery: moneySchema,
    deliveryVat: moneySchema,
    orderTotal: moneySchema,
  }),
  promoCode: promoCodeSchema.nullable(),
  /** Hosted payment page to open in the checkout iframe (test card); null otherwise. */
  paymentUrl: z.string().nullable(),
  /** What the shopper must do to pay (cash ready, bank details), in the caller's language. */
  paymentInstructions: z.string(),
  /** The carrier's tracking number once staff shipped the order; empty until then. */
  trackingNumber: z.string(),
  /**
   * Staff only (absent for shoppers): a payment was confirmed that the order could not take (it
   * was cancelled meanwhile, or paid already), and the money is to be paid back.
   */
  refundDue: z.boolean().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * A line of the cart could not be sold while placing the order: the cart error's shape
 * (`productQuantity` left and its message, or the product error), naming the line.
 */
export const checkoutStockErrorSchema = addToCartErrorSchema
  .extend({ item: z.object({ id: idSchema, ref: cartRefSchema }) })
  .strict();
export type CheckoutStockError = z.infer<typeof checkoutStockErrorSchema>;
/** Every 400 of placing an order: a stock error, the cart turned off, field errors, or `{detail}`. */
export const checkoutErrorSchema = z.union([
  checkoutStockErrorSchema,
  cartDisabledErrorSchema,
  errorBodySchema,
]);

/** The 400 of a cart write that takes no line error (promo code, order again): field errors, or the cart turned off. */
export const cartWriteErrorSchema = z.union([cartDisabledErrorSchema, fieldErrorsSchema]);

/** The header that makes placing an order safe to repeat. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * GET /api/sales/orders/{id}/: `token` is the order's signed link (the order mail's), which opens
 * it for anyone holding the link, in any browser; without it only its owner reads it.
 */
export const orderQuerySchema = z.object({
  token: linkTokenSchema.optional(),
});

export const ORDER_PAGE_SIZE = 12;
export const ordersQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(ORDER_PAGE_SIZE),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

export const repeatOrderBodySchema = z.object({ order: idSchema });
export type RepeatOrderBody = z.infer<typeof repeatOrderBodySchema>;

/** Another way to pay a pending, unpaid order (after a declined card): a payment method's id. */
export const changePaymentBodySchema = z.object({ payment: idSchema });
export type ChangePaymentBody = z.infer<typeof changePaymentBodySchema>;
