/*
 * Kept apart from lib/forms.ts, which brings zod and Conform's zod adapter: a page whose checks
 * load on the first touch (lib/lazy-form.ts, decision 0084) reads its action's results with this
 * and loads no zod at start.
 */

/**
 * The action's result for one of several forms on a page (the cart's lines): the result of the
 * submission whose values match `fields` (its intent and item), else nothing.
 */
export function resultFor<Result extends { initialValue?: Record<string, unknown> | null }>(
  reply: { result: Result } | null | undefined,
  fields: Readonly<Record<string, string>>,
): Result | undefined {
  const values = reply?.result.initialValue;
  if (!values) return undefined;
  return Object.entries(fields).every(([name, value]) => values[name] === value)
    ? reply.result
    : undefined;
}
