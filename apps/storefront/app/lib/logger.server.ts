import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The log of the page request being answered (decision 0047). The one-origin server hands the
 * storefront the request's own pino logger (`withPageLogger`, called around React Router's
 * handler), so a page's errors carry the same request id as the in-process API calls it made.
 * It travels with the request's async context, as the API's `req.log` does, because the places
 * that log are shared helpers (a form's failure, the messages' fallback) that get no context.
 * Outside the server (a storefront on its own), lines go to the console.
 */
export type LogFn = (details: Record<string, unknown>, message: string) => void;

export type PageLogger = { error: LogFn; warn: LogFn; info: LogFn; debug: LogFn };

const consoleLogger: PageLogger = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
  debug: () => {},
};

const current = new AsyncLocalStorage<PageLogger>();

/** Runs `work` (a page's handling: loaders, actions, render) with `logger` as its log. */
export function withPageLogger<T>(logger: PageLogger, work: () => T): T {
  return current.run(logger, work);
}

/** The current page request's logger; the console's outside one. */
export function pageLog(): PageLogger {
  return current.getStore() ?? consoleLogger;
}
