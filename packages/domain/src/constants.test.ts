import { describe, it, expect } from 'vitest';
import * as c from './constants.ts';

describe('business constants — spec section 9', () => {
  it.each<[string, unknown, unknown]>([
    ['"Product list page size 12"', c.PRODUCT_PAGE_SIZE, 12],
    ['"default product sorting by value sorting"', c.DEFAULT_PRODUCT_SORTING, 'sorting'],
    ['"Review page size 6"', c.REVIEW_PAGE_SIZE, 6],
    ['"default review sorting creation_date"', c.DEFAULT_REVIEW_SORTING, 'creation_date'],
    ['"Vendor page size 12"', c.VENDOR_PAGE_SIZE, 12],
    ['"Toasts: top-left, 2000 ms timeout" (timeout)', c.TOAST_TIMEOUT_MS, 2000],
    ['"Cart and wishlist animation: 500 ms" (cart)', c.CART_ANIMATION_MS, 500],
    ['"Cart and wishlist animation: 500 ms" (wishlist)', c.WISHLIST_ANIMATION_MS, 500],
    ['"Prefetch idle timeout 2000 ms"', c.PREFETCH_IDLE_TIMEOUT_MS, 2000],
    ['"Minimum fetch delay 200 ms"', c.MIN_FETCH_DELAY_MS, 200],
    ['"Reload guard window 60000 ms"', c.RELOAD_GUARD_WINDOW_MS, 60000],
    ['"Progress bar: throttle 200 ms"', c.PROGRESS_THROTTLE_MS, 200],
    ['"Progress bar: duration 5000 ms"', c.PROGRESS_DURATION_MS, 5000],
    ['"Go-to-top threshold 250 px"', c.GO_TO_TOP_THRESHOLD_PX, 250],
    ['"Meta description cut at 260 characters"', c.META_DESCRIPTION_MAX_LENGTH, 260],
    ['"Accordion max height 2000px"', c.ACCORDION_MAX_HEIGHT_PX, 2000],
    ['"Stylesheet breakpoints 576, 768, 992, 1200 px"', c.BREAKPOINTS, [576, 768, 992, 1200]],
    ['"xxl from 1400"', c.XXL_BREAKPOINT, 1400],
    ['"Theme colour is white"', c.THEME_COLOR, '#ffffff'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
