// Business constants of spec section 9; the UI imports them instead of repeating magic numbers.

export const PRODUCT_PAGE_SIZE = 12;
export const DEFAULT_PRODUCT_SORTING = 'sorting';
export const PRODUCT_SORTS = [
  'sorting',
  'price',
  '-price',
  'title',
  '-title',
  'created',
  '-created',
] as const;
export const REVIEW_PAGE_SIZE = 6;
export const DEFAULT_REVIEW_SORTING = 'creation_date';
export const REVIEW_SORTINGS = ['creation_date', '-creation_date', 'rating', '-rating'] as const;

/** The largest id the database holds (a PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;
export const VENDOR_PAGE_SIZE = 12;

export const TOAST_TIMEOUT_MS = 2000;

/** The cart and wishlist animation flags stay on this long after adding. */
export const CART_ANIMATION_MS = 500;
export const WISHLIST_ANIMATION_MS = 500;

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const MIN_FETCH_DELAY_MS = 200;
/** A failed chunk load reloads the page at most once within this window. */
export const RELOAD_GUARD_WINDOW_MS = 60_000;

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export const GO_TO_TOP_THRESHOLD_PX = 250;
export const META_DESCRIPTION_MAX_LENGTH = 260;
export const ACCORDION_MAX_HEIGHT_PX = 2000;

/** Stylesheet breakpoints: the screen-size classes image sizes are chosen by. */
export const BREAKPOINTS = [576, 768, 992, 1200] as const;
/** Upper bound of the xl screen-size class; xxl starts here. */
export const XXL_BREAKPOINT = 1400;

/** "Theme colour is white" — the browser/manifest theme-color, not the brand accent. */
export const THEME_COLOR = '#ffffff';
