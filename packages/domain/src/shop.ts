/**
 * "Shop availability: visible and active, or staff; otherwise coming-soon" (spec section 4). A
 * missing shop info record is closed to everyone but staff.
 */
export function isShopOpen(
  shop: { visible: boolean; active: boolean } | null | undefined,
  user: { isStaff: boolean } | null | undefined,
): boolean {
  return (shop?.visible === true && shop.active) || user?.isStaff === true;
}
