import { z } from 'zod';
import {
  changePasswordBodySchema,
  csrfResponseSchema,
  confirmEmailBodySchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  registerBodySchema,
  resendConfirmationBodySchema,
  updateUserInfoBodySchema,
  loginResponseSchema,
  newsletterSubscribeBodySchema,
  newsletterTokenBodySchema,
  userInfoSchema,
} from './accounts.ts';
import {
  catalogueExportQuerySchema,
  catalogueImportBodySchema,
  catalogueImportResultSchema,
  catalogueRefusalSchema,
} from './catalogue-import.ts';
import { addressSchema, createAddressBodySchema, updateAddressBodySchema } from './addresses.ts';
import {
  contentItemSchema,
  detailErrorSchema,
  errorBodySchema,
  fieldErrorsSchema,
  messageResponseSchema,
  noContentSchema,
  paginated,
  searchPage,
  slugIdSchema,
} from './common.ts';
import {
  blogCardSchema,
  blogDetailSchema,
  blogSchema,
  blogsQuerySchema,
  faqsSchema,
  menusSchema,
  pageCardSchema,
  pageParamsSchema,
  pageSchema,
  pagesQuerySchema,
  searchQuerySchema,
  widgetsSchema,
} from './content.ts';
import {
  citiesQuerySchema,
  countrySchema,
  citySchema,
  languagesSchema,
  messagesParamsSchema,
  messagesSchema,
  regionSchema,
  regionsQuerySchema,
} from './core.ts';
import {
  createReviewBodySchema,
  feedbackBodySchema,
  manifestSchema,
  organizationInfoSchema,
  productReviewsQuerySchema,
  reviewSchema,
  reviewsQuerySchema,
} from './organizations.ts';
import {
  attributeDetailSchema,
  attributeSchema,
  bundleDetailSchema,
  bundleSchema,
  createProductReviewBodySchema,
  facetsSchema,
  filtersAttributesSchema,
  listQuerySchema,
  priceRangeSchema,
  productCardSchema,
  productDetailSchema,
  productFiltersQuerySchema,
  productSchema,
  productsQuerySchema,
  valueSchema,
  variationsSchema,
} from './products.ts';
import {
  staffFeedbackBodySchema,
  staffFeedbackQuerySchema,
  staffFeedbackSchema,
  staffMoveBodySchema,
  staffOrderRowSchema,
  staffOrderSchema,
  staffOrdersQuerySchema,
  staffReviewBodySchema,
  staffReviewParamsSchema,
  staffReviewSchema,
  staffReviewsQuerySchema,
  staffShopBodySchema,
  staffShopSchema,
} from './staff.ts';
import { staffCatalogueEndpoints } from './staff-catalogue.ts';
import { staffSettingsEndpoints } from './staff-settings.ts';
import { staffPicturesEndpoints } from './staff-pictures.ts';
import {
  addToCartBodySchema,
  cartWriteErrorSchema,
  cartItemParamsSchema,
  badgesSchema,
  cartSchema,
  checkoutBodySchema,
  checkoutErrorSchema,
  deliveriesSchema,
  orderQuerySchema,
  orderSchema,
  ordersQuerySchema,
  paymentsSchema,
  promoCodeBodySchema,
  removeCartItemQuerySchema,
  repeatOrderBodySchema,
  changePaymentBodySchema,
  setCartQuantityBodySchema,
  setCartQuantityErrorSchema,
} from './sales.ts';
import {
  vendorItemChildrenSchema,
  vendorItemParamsSchema,
  vendorPageParamsSchema,
  vendorParamsSchema,
  vendorSchema,
  vendorsQuerySchema,
} from './vendors.ts';
import {
  addToWishlistBodySchema,
  updateWishlistItemBodySchema,
  wishlistItemSchema,
  wishlistQuerySchema,
} from './wishlist.ts';

/*
 * Every call of spec section 7 (plus the account calls a real shop needs), declared once. The API
 * registers its routes from these declarations; the client derives its types from them.
 *
 * Paths are relative to `{host}/{locale}` (or to `{host}` when `root` is set) and keep the spec's
 * exact form, including the few without a trailing slash (`…/search`, `…/reviews/my`).
 * Placeholders are `{name}`; `params` validates them.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const UNSAFE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export type EndpointDef = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 2xx body; `noContentSchema` when the status is 204. */
  readonly response: z.ZodType;
  /** Success status; 200 when absent. */
  readonly status?: number;
  /** Other success statuses answering the same body (a POST that finds its item already there). */
  readonly alsoStatus?: readonly number[];
  /** Error bodies beyond the general `errorBodySchema`, by status. */
  readonly errors?: Readonly<Record<number, z.ZodType>>;
  /** 'user': needs a logged-in session, else 401 `{detail}`; 'staff': also `isStaff`, else 403. */
  readonly auth?: 'user' | 'staff';
  /** The path is relative to `{host}`, not `{host}/{locale}`. */
  readonly root?: boolean;
};

function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

const idParams = z.object({ id: slugIdSchema });
const unauthorized = { 401: detailErrorSchema } as const;
const badRequest = { 400: fieldErrorsSchema } as const;
/** Staff calls: 401 without a login, 403 for a shopper. */
const staffOnly = { 401: detailErrorSchema, 403: detailErrorSchema } as const;

/** Reviews of one kind (shop or product): the list, the user's own, write one, delete one. */
function reviewEndpoints<const P extends string, Q extends z.ZodType, B extends z.ZodType>(
  path: P,
  kind: { query: Q; body: B; list: string; mine: string; create: string; remove: string },
) {
  return {
    reviews: endpoint({
      method: 'GET',
      path,
      summary: kind.list,
      query: kind.query,
      response: paginated(reviewSchema),
    }),
    myReviews: endpoint({
      method: 'GET',
      path: `${path}my`,
      summary: kind.mine,
      query: kind.query,
      response: paginated(reviewSchema),
      auth: 'user',
      errors: unauthorized,
    }),
    createReview: endpoint({
      method: 'POST',
      path,
      summary: kind.create,
      body: kind.body,
      response: reviewSchema,
      status: 201,
      alsoStatus: [200],
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    deleteReview: endpoint({
      method: 'DELETE',
      path: `${path}{id}/`,
      summary: kind.remove,
      params: idParams,
      response: noContentSchema,
      status: 204,
      auth: 'user',
      errors: unauthorized,
    }),
  };
}

export const endpoints = {
  accounts: {
    csrf: endpoint({
      method: 'GET',
      path: '/api/accounts/login/',
      summary: 'Sets the csrftoken cookie and answers the token',
      response: csrfResponseSchema,
    }),
    login: endpoint({
      method: 'POST',
      path: '/api/accounts/login/',
      summary: 'Log in with email and password (session cookie); says what happened to the cart',
      body: loginBodySchema,
      response: loginResponseSchema,
      // Field errors for a malformed body, `{detail}` for wrong credentials; 403 `{detail}` for an
      // address not confirmed yet (the storefront offers to send the link again).
      errors: { 400: errorBodySchema, 403: detailErrorSchema },
    }),
    userInfo: endpoint({
      method: 'GET',
      path: '/api/accounts/user_info/',
      summary: 'The logged-in user',
      response: userInfoSchema,
      auth: 'user',
      errors: unauthorized,
    }),
    updateUserInfo: endpoint({
      method: 'PATCH',
      path: '/api/accounts/user_info/',
      summary: 'Change names, language, the no-cache setting or the newsletter subscription',
      body: updateUserInfoBodySchema,
      response: userInfoSchema,
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    changePassword: endpoint({
      method: 'POST',
      path: '/api/accounts/change_password/',
      summary: "Change the password (the current one first); signs out the user's other sessions",
      body: changePasswordBodySchema,
      response: messageResponseSchema,
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    logout: endpoint({
      method: 'POST',
      path: '/api/accounts/logout/',
      summary: 'End the session',
      response: noContentSchema,
      status: 204,
    }),
    register: endpoint({
      method: 'POST',
      path: '/api/accounts/register/',
      summary: 'Create an account (not confirmed) and mail the confirmation link (3 days)',
      body: registerBodySchema,
      response: messageResponseSchema,
      status: 201,
      errors: badRequest,
    }),
    confirmEmail: endpoint({
      method: 'POST',
      path: '/api/accounts/confirm_email/',
      summary: "Confirm the email address with the link's token (single use)",
      body: confirmEmailBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    resendConfirmation: endpoint({
      method: 'POST',
      path: '/api/accounts/confirm_email/resend/',
      summary: 'Mail a new confirmation link (the same answer for any address)',
      body: resendConfirmationBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    passwordReset: endpoint({
      method: 'POST',
      path: '/api/accounts/password_reset/',
      summary: 'Mail a password reset link, valid 1 hour (the same answer for any address)',
      body: passwordResetBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    newsletterSubscribe: endpoint({
      method: 'POST',
      path: '/api/accounts/newsletter/',
      summary:
        'Subscribe an address to the newsletter (no account needed): mails a signed link to confirm (double opt-in), the same answer for any address',
      body: newsletterSubscribeBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    newsletterConfirm: endpoint({
      method: 'POST',
      path: '/api/accounts/newsletter/confirm/',
      summary: "Confirm a newsletter subscription with the mailed link's token (again: no change)",
      body: newsletterTokenBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    newsletterUnsubscribe: endpoint({
      method: 'POST',
      path: '/api/accounts/newsletter/unsubscribe/',
      summary: "End a newsletter subscription with the mailed link's token",
      body: newsletterTokenBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    passwordResetConfirm: endpoint({
      method: 'POST',
      path: '/api/accounts/password_reset/confirm/',
      summary: "Set a new password with the link's token; signs out the user's other sessions",
      body: passwordResetConfirmBodySchema,
      response: messageResponseSchema,
      errors: badRequest,
    }),
    addresses: endpoint({
      method: 'GET',
      path: '/api/accounts/addresses/',
      summary: "The user's address book, the default first",
      response: z.array(addressSchema),
      auth: 'user',
      errors: unauthorized,
    }),
    addAddress: endpoint({
      method: 'POST',
      path: '/api/accounts/addresses/',
      summary: 'Save an address (the first one, or one with isDefault, becomes the default)',
      body: createAddressBodySchema,
      response: addressSchema,
      status: 201,
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    updateAddress: endpoint({
      method: 'PATCH',
      path: '/api/accounts/addresses/{id}/',
      summary: "Change one of the user's addresses (isDefault true makes it the default)",
      params: idParams,
      body: updateAddressBodySchema,
      response: addressSchema,
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    removeAddress: endpoint({
      method: 'DELETE',
      path: '/api/accounts/addresses/{id}/',
      summary: "Delete one of the user's addresses (the oldest other one becomes the default)",
      params: idParams,
      response: noContentSchema,
      status: 204,
      auth: 'user',
      errors: unauthorized,
    }),
  },

  organizations: {
    info: endpoint({
      method: 'GET',
      path: '/api/organizations/organization_info/',
      summary: 'Shop info',
      response: organizationInfoSchema,
      errors: { 404: detailErrorSchema },
    }),
    manifest: endpoint({
      method: 'GET',
      path: '/api/organizations/manifest/',
      summary: 'Web app manifest',
      response: manifestSchema,
    }),
    ...reviewEndpoints('/api/organizations/reviews/', {
      query: reviewsQuerySchema,
      body: createReviewBodySchema,
      list: 'Shop reviews',
      mine: "The user's shop reviews",
      create:
        "Review the shop: 201 with the new review, or 200 when it edits the user's one shop " +
        'review (one per user)',
      remove: "Delete one of the user's shop reviews",
    }),
    feedback: endpoint({
      method: 'POST',
      path: '/api/organizations/feedbacks/',
      summary:
        "Contact form: stored and mailed to the shop's address; a filled honeypot is answered alike and dropped",
      body: feedbackBodySchema,
      response: messageResponseSchema,
      status: 201,
      errors: badRequest,
    }),
  },

  core: {
    languages: endpoint({
      method: 'GET',
      path: '/api/core/languages/',
      summary: 'Languages the shop offers',
      response: languagesSchema,
    }),
    messages: endpoint({
      method: 'GET',
      path: '/media/langs/{locale}.json',
      summary: 'Translation messages of a locale',
      params: messagesParamsSchema,
      response: messagesSchema,
      root: true,
    }),
    deliveryCountries: endpoint({
      method: 'GET',
      path: '/api/core/delivery_countries/',
      summary: 'Countries delivered to',
      response: z.array(countrySchema),
    }),
    deliveryRegions: endpoint({
      method: 'GET',
      path: '/api/core/delivery_regions/',
      summary: 'Regions of a country',
      query: regionsQuerySchema,
      response: z.array(regionSchema),
    }),
    deliveryCities: endpoint({
      method: 'GET',
      path: '/api/core/delivery_cities/',
      summary: 'Cities of a region',
      query: citiesQuerySchema,
      response: z.array(citySchema),
    }),
  },

  content: {
    menus: endpoint({
      method: 'GET',
      path: '/api/content/menus/',
      summary: 'Root menu items with nested children',
      response: menusSchema,
    }),
    widgets: endpoint({
      method: 'GET',
      path: '/api/content/get_widgets/',
      summary: 'Widgets',
      response: widgetsSchema,
    }),
    blogs: endpoint({
      method: 'GET',
      path: '/api/content/blogs/',
      summary: 'Blog posts',
      query: blogsQuerySchema,
      response: paginated(blogCardSchema),
    }),
    blog: endpoint({
      method: 'GET',
      path: '/api/content/blogs/{id}/',
      summary: 'One blog post',
      params: idParams,
      response: blogSchema,
    }),
    blogDetail: endpoint({
      method: 'GET',
      path: '/api/content/blogs/{id}/detail/',
      summary: 'One blog post with related posts',
      params: idParams,
      response: blogDetailSchema,
    }),
    searchBlogs: endpoint({
      method: 'GET',
      path: '/api/content/blogs/search',
      summary: 'Search blog posts',
      query: searchQuerySchema,
      response: paginated(contentItemSchema),
    }),
    faqs: endpoint({
      method: 'GET',
      path: '/api/content/faqs/',
      summary: 'FAQ categories with their questions',
      response: faqsSchema,
    }),
    pages: endpoint({
      method: 'GET',
      path: '/api/content/pages/',
      summary: "The shop's own pages, without their bodies (vendors' pages are listed under them)",
      query: pagesQuerySchema,
      response: paginated(pageCardSchema),
    }),
    page: endpoint({
      method: 'GET',
      path: '/api/content/pages/{slug}/',
      summary: 'A content page by slug',
      params: pageParamsSchema,
      response: pageSchema,
    }),
  },

  deliveries: {
    list: endpoint({
      method: 'GET',
      path: '/api/deliveries/deliveries/',
      summary: 'Delivery methods',
      response: deliveriesSchema,
    }),
  },

  payments: {
    list: endpoint({
      method: 'GET',
      path: '/api/payments/payments/',
      summary: 'Payment methods',
      response: paymentsSchema,
    }),
  },

  sales: {
    cart: endpoint({
      method: 'GET',
      path: '/api/sales/cart_products/',
      summary: "The session's cart",
      response: cartSchema,
    }),
    badges: endpoint({
      method: 'GET',
      path: '/api/sales/badges/',
      summary:
        "The header's counts: units in the cart and products in the wishlist (unpriced), and the saved products' ids",
      response: badgesSchema,
    }),
    setCartQuantity: endpoint({
      method: 'PATCH',
      path: '/api/sales/cart_products/{productId}/',
      summary: 'Set the quantity of a product or bundle (0 removes it)',
      params: cartItemParamsSchema,
      body: setCartQuantityBodySchema,
      response: cartSchema,
      errors: { 400: setCartQuantityErrorSchema },
    }),
    addToCart: endpoint({
      method: 'POST',
      path: '/api/sales/cart_products/{productId}/add/',
      summary:
        'Add a quantity to what the cart holds of a product or bundle, in one step (quick adds never lose one)',
      params: cartItemParamsSchema,
      body: addToCartBodySchema,
      response: cartSchema,
      errors: { 400: setCartQuantityErrorSchema },
    }),
    removeFromCart: endpoint({
      method: 'DELETE',
      path: '/api/sales/cart_products/{productId}/',
      summary: 'Remove a product or bundle from the cart',
      params: cartItemParamsSchema,
      query: removeCartItemQuerySchema,
      response: cartSchema,
    }),
    applyPromoCode: endpoint({
      method: 'POST',
      path: '/api/sales/cart/promo_code/',
      summary: 'Apply a promo code to the cart',
      body: promoCodeBodySchema,
      response: cartSchema,
      errors: { 400: cartWriteErrorSchema },
    }),
    removePromoCode: endpoint({
      method: 'DELETE',
      path: '/api/sales/cart/promo_code/',
      summary: 'Remove the promo code from the cart',
      response: cartSchema,
    }),
    orders: endpoint({
      method: 'GET',
      path: '/api/sales/orders/',
      summary: "The user's orders, newest first",
      query: ordersQuerySchema,
      response: paginated(orderSchema),
      auth: 'user',
      errors: unauthorized,
    }),
    order: endpoint({
      method: 'GET',
      path: '/api/sales/orders/{id}/',
      summary: 'One order of the user or of the current session, or of a signed order link',
      params: idParams,
      query: orderQuerySchema,
      response: orderSchema,
    }),
    checkout: endpoint({
      method: 'POST',
      path: '/api/sales/orders/',
      summary:
        'Place an order from the cart (header Idempotency-Key: the same key answers the same order)',
      body: checkoutBodySchema,
      response: orderSchema,
      status: 201,
      errors: { 400: checkoutErrorSchema },
    }),
    changePayment: endpoint({
      method: 'POST',
      path: '/api/sales/orders/{id}/payment/',
      summary:
        'Pay a pending, unpaid order of the user or the session another way (after a declined card)',
      params: idParams,
      body: changePaymentBodySchema,
      response: orderSchema,
      errors: badRequest,
    }),
    repeatOrder: endpoint({
      method: 'POST',
      path: '/api/sales/orders/repeat/',
      summary: "Put a past order's items into the cart",
      body: repeatOrderBodySchema,
      response: cartSchema,
      auth: 'user',
      errors: { ...unauthorized, 400: cartWriteErrorSchema },
    }),
  },

  products: {
    list: endpoint({
      method: 'GET',
      path: '/api/products/products/',
      summary: 'Products, filtered and sorted, 12 a page',
      query: productsQuerySchema,
      response: paginated(productCardSchema),
      errors: badRequest,
    }),
    search: endpoint({
      method: 'GET',
      path: '/api/products/products/search',
      summary: 'Search products (counted up to 1,000: `countCapped` marks more)',
      query: searchQuerySchema,
      response: searchPage(productCardSchema),
    }),
    get: endpoint({
      method: 'GET',
      path: '/api/products/products/{id}/',
      summary: 'One product',
      params: idParams,
      response: productSchema,
    }),
    detail: endpoint({
      method: 'GET',
      path: '/api/products/products/{id}/detail_view/',
      summary: 'One product with variations and related products',
      params: idParams,
      response: productDetailSchema,
    }),
    variations: endpoint({
      method: 'GET',
      path: '/api/products/products/{id}/variations/',
      summary: 'Variations of a parent product',
      params: idParams,
      response: variationsSchema,
    }),
    filtersAttributes: endpoint({
      method: 'GET',
      path: '/api/products/get_filters_attributes/',
      summary: 'Attributes and values to filter by, with the products carrying each value',
      query: productFiltersQuerySchema,
      response: filtersAttributesSchema,
    }),
    facets: endpoint({
      method: 'GET',
      path: '/api/products/facets/',
      summary:
        'Filter values with the number of products each would show (the filter panel at scale)',
      query: productFiltersQuerySchema,
      response: facetsSchema,
    }),
    priceRange: endpoint({
      method: 'GET',
      path: '/api/products/products/price_range/',
      summary: 'Lowest and highest price',
      query: productFiltersQuerySchema,
      response: priceRangeSchema,
    }),
    attributes: endpoint({
      method: 'GET',
      path: '/api/products/attributes/',
      summary: 'Attributes',
      query: listQuerySchema,
      response: paginated(attributeSchema),
    }),
    attribute: endpoint({
      method: 'GET',
      path: '/api/products/attributes/{id}/',
      summary: 'One attribute',
      params: idParams,
      response: attributeSchema,
    }),
    attributeDetail: endpoint({
      method: 'GET',
      path: '/api/products/attributes/{id}/detail/',
      summary: 'One attribute with its values',
      params: idParams,
      response: attributeDetailSchema,
    }),
    searchAttributes: endpoint({
      method: 'GET',
      path: '/api/products/attributes/search',
      summary: 'Search attributes',
      query: searchQuerySchema,
      response: paginated(contentItemSchema),
    }),
    values: endpoint({
      method: 'GET',
      path: '/api/products/values/',
      summary: 'Attribute values',
      query: listQuerySchema,
      response: paginated(valueSchema),
    }),
    attributeValues: endpoint({
      method: 'GET',
      path: '/api/products/values/attribute/{id}',
      summary: 'Values of one attribute',
      params: idParams,
      query: listQuerySchema,
      response: paginated(valueSchema),
    }),
    value: endpoint({
      method: 'GET',
      path: '/api/products/values/{id}/',
      summary: 'One value',
      params: idParams,
      response: valueSchema,
    }),
    searchValues: endpoint({
      method: 'GET',
      path: '/api/products/values/search',
      summary: 'Search values',
      query: searchQuerySchema,
      response: paginated(contentItemSchema),
    }),
    bundles: endpoint({
      method: 'GET',
      path: '/api/products/bundles/',
      summary: 'Bundles',
      query: productsQuerySchema,
      response: paginated(productCardSchema),
      errors: badRequest,
    }),
    searchBundles: endpoint({
      method: 'GET',
      path: '/api/products/bundles/search',
      summary:
        "Search active bundles by their title and description and their items' titles, title matches first",
      query: searchQuerySchema,
      response: paginated(productCardSchema),
    }),
    bundle: endpoint({
      method: 'GET',
      path: '/api/products/bundles/{id}/',
      summary: 'One bundle',
      params: idParams,
      response: bundleSchema,
    }),
    bundleDetail: endpoint({
      method: 'GET',
      path: '/api/products/bundles/{id}/detail/',
      summary: 'One bundle with related products',
      params: idParams,
      response: bundleDetailSchema,
    }),
    ...reviewEndpoints('/api/products/reviews/', {
      query: productReviewsQuerySchema,
      body: createProductReviewBodySchema,
      list: 'Product reviews',
      mine: "The user's product reviews",
      create:
        "Review a product: 201 with the new review, or 200 when it edits the user's review of " +
        'that product (one per user and product)',
      remove: "Delete one of the user's product reviews",
    }),
  },

  wishlist: {
    list: endpoint({
      method: 'GET',
      path: '/api/products/wishlist/',
      summary: "The user's wishlist",
      query: wishlistQuerySchema,
      response: paginated(wishlistItemSchema),
      auth: 'user',
      errors: unauthorized,
    }),
    get: endpoint({
      method: 'GET',
      path: '/api/products/wishlist/{id}/',
      summary: 'One wishlist item',
      params: idParams,
      response: wishlistItemSchema,
      auth: 'user',
      errors: unauthorized,
    }),
    add: endpoint({
      method: 'POST',
      path: '/api/products/wishlist/',
      summary:
        'Save a product to the wishlist: 201 with the new item, or 200 with the item already ' +
        'saved for that product (one item per product, never a duplicate)',
      body: addToWishlistBodySchema,
      response: wishlistItemSchema,
      status: 201,
      alsoStatus: [200],
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    update: endpoint({
      method: 'PATCH',
      path: '/api/products/wishlist/{id}/',
      summary: "Change a wishlist item's comment",
      params: idParams,
      body: updateWishlistItemBodySchema,
      response: wishlistItemSchema,
      auth: 'user',
      errors: { ...unauthorized, ...badRequest },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/api/products/wishlist/{id}/',
      summary: 'Remove a wishlist item',
      params: idParams,
      response: noContentSchema,
      status: 204,
      auth: 'user',
      errors: unauthorized,
    }),
  },

  vendors: {
    list: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/',
      summary: 'Vendors, newest first',
      query: vendorsQuerySchema,
      response: paginated(vendorSchema),
    }),
    get: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/',
      summary: 'One vendor',
      params: vendorParamsSchema,
      response: vendorSchema,
    }),
    products: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/products/',
      summary: "A vendor's products",
      params: vendorParamsSchema,
      query: vendorsQuerySchema,
      response: paginated(productCardSchema),
    }),
    product: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/products/{itemId}/',
      summary: "One of a vendor's products",
      params: vendorItemParamsSchema,
      response: productSchema,
    }),
    productChildren: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/products/{itemId}/children/',
      summary: "Items under one of a vendor's products (its variations)",
      params: vendorItemParamsSchema,
      response: vendorItemChildrenSchema,
    }),
    blogs: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/blogs/',
      summary: "A vendor's blog posts",
      params: vendorParamsSchema,
      query: vendorsQuerySchema,
      response: paginated(blogCardSchema),
    }),
    blog: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/blogs/{itemId}/',
      summary: "One of a vendor's blog posts",
      params: vendorItemParamsSchema,
      response: blogSchema,
    }),
    blogChildren: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/blogs/{itemId}/children/',
      summary: "Items under one of a vendor's blog posts",
      params: vendorItemParamsSchema,
      response: vendorItemChildrenSchema,
    }),
    pages: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/pages/',
      summary: "A vendor's pages",
      params: vendorParamsSchema,
      query: vendorsQuerySchema,
      response: paginated(pageCardSchema),
    }),
    page: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/pages/{itemId}/',
      summary: "One of a vendor's pages",
      params: vendorPageParamsSchema,
      response: pageSchema,
    }),
    pageChildren: endpoint({
      method: 'GET',
      path: '/api/organizations/vendors/{id}/pages/{itemId}/children/',
      summary: "Sub-pages of one of a vendor's pages",
      params: vendorPageParamsSchema,
      response: vendorItemChildrenSchema,
    }),
  },

  staff: {
    orders: endpoint({
      method: 'GET',
      path: '/api/staff/orders/',
      summary: 'Staff: orders, newest first, filtered by status, payment, dates or a search',
      query: staffOrdersQuerySchema,
      response: paginated(staffOrderRowSchema),
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
    order: endpoint({
      method: 'GET',
      path: '/api/staff/orders/{id}/',
      summary: 'Staff: one order with its status history, mails and the moves it allows',
      params: idParams,
      response: staffOrderSchema,
      auth: 'staff',
      errors: staffOnly,
    }),
    moveOrder: endpoint({
      method: 'POST',
      path: '/api/staff/orders/{id}/move/',
      summary:
        'Staff: move an order (mark paid, processing, shipped, delivered, cancel); 409 when the move is not allowed or the order changed meanwhile',
      params: idParams,
      body: staffMoveBodySchema,
      response: staffOrderSchema,
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest, 409: detailErrorSchema },
    }),
    shop: endpoint({
      method: 'GET',
      path: '/api/staff/shop/',
      summary: 'Staff: the shop switches (visible, active, cart)',
      response: staffShopSchema,
      auth: 'staff',
      errors: staffOnly,
    }),
    updateShop: endpoint({
      method: 'PATCH',
      path: '/api/staff/shop/',
      summary: 'Staff: open or close the shop (visible, active) and turn the cart on or off',
      body: staffShopBodySchema,
      response: staffShopSchema,
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
    reviews: endpoint({
      method: 'GET',
      path: '/api/staff/reviews/',
      summary: 'Staff: shop and product reviews, hidden ones too, newest first',
      query: staffReviewsQuerySchema,
      response: paginated(staffReviewSchema),
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
    moderateReview: endpoint({
      method: 'POST',
      path: '/api/staff/reviews/{kind}/{id}/',
      summary: 'Staff: hide, show again or delete a review, with the reason kept',
      params: staffReviewParamsSchema,
      body: staffReviewBodySchema,
      response: noContentSchema,
      status: 204,
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
    feedback: endpoint({
      method: 'GET',
      path: '/api/staff/feedback/',
      summary: 'Staff: messages of the contact and vendor-registration forms, newest first',
      query: staffFeedbackQuerySchema,
      response: paginated(staffFeedbackSchema),
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
    markFeedback: endpoint({
      method: 'POST',
      path: '/api/staff/feedback/{id}/',
      summary: 'Staff: mark a message read or answered',
      params: idParams,
      body: staffFeedbackBodySchema,
      response: staffFeedbackSchema,
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
  },
  staffCatalogue: staffCatalogueEndpoints,

  staffSettings: staffSettingsEndpoints,
  /** The catalogue file in and out (issue 24, docs/import-format.md, decision 0058). */
  staffImport: {
    importCatalogue: endpoint({
      method: 'POST',
      path: '/api/staff/catalogue/import/',
      summary:
        'Staff: import a CSV or JSON catalogue file: every row checked first (400 names each bad row and column, nothing changed), then applied in one transaction; 409 while another import is being applied. With `Accept: application/x-ndjson` the answer streams progress lines, then the result',
      body: catalogueImportBodySchema,
      response: catalogueImportResultSchema,
      auth: 'staff',
      errors: {
        ...staffOnly,
        400: z.union([catalogueRefusalSchema, fieldErrorsSchema]),
        409: detailErrorSchema,
      },
    }),
    exportCatalogue: endpoint({
      method: 'GET',
      path: '/api/staff/catalogue/export/',
      summary: 'Staff: the whole catalogue as a CSV or JSON file, in the import’s format',
      query: catalogueExportQuerySchema,
      response: z.string(),
      auth: 'staff',
      errors: { ...staffOnly, ...badRequest },
    }),
  },

  staffPictures: staffPicturesEndpoints,
} as const;

export type Endpoints = typeof endpoints;

export type EndpointGroup = keyof Endpoints;

/** Every endpoint with its dotted name ('products.list'), e.g. to register routes in a loop. */
export function listEndpoints(): { name: string; endpoint: EndpointDef }[] {
  return Object.entries(endpoints).flatMap(([group, members]) =>
    Object.entries(members).map(([name, endpoint]: [string, EndpointDef]) => ({
      name: `${group}.${name}`,
      endpoint,
    })),
  );
}

/** `'/a/{id}/b/{itemId}/'` -> `'id' | 'itemId'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** Fills `{name}` placeholders, URI-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify/find-my-way form: '/api/x/{id}/' -> '/api/x/:id/'. */
export function toRoutePath(path: string) {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
