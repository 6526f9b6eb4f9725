import { createContext } from 'react-router';

/**
 * Times the render of a page for its Server-Timing header (decision 0047): the server hands one
 * in over the load context; `start()` returns the function that ends the span. Without a server
 * (a storefront on its own) nothing is timed.
 */
export type RenderTimer = { start(): () => void };

export const renderTimerContext = createContext<RenderTimer>({ start: () => () => {} });
