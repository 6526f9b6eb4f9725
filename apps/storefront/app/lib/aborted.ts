/**
 * Whether an unhandled rejection is the abort of a navigation a newer one interrupted: React
 * Router 8.4 aborts the old navigation's request without a reason, and when that happens while
 * its loaders reload (after an action) the single fetch's per-route promises reject with the
 * abort and nobody awaits them (remix-run/react-router#14203). That is the router's expected
 * control flow, not a failure of the page: it is kept out of the console and error reports.
 */
export function isAbortedNavigation(reason: unknown): boolean {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'AbortError'
  );
}
