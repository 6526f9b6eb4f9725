import { useFormAction, useNavigation, type Navigation } from 'react-router';

/*
 * One answer to "is THIS form being sent?", after the Epic Stack's useIsPending. A page often
 * holds several forms (one "Order again" per order, settings beside the password); a check of
 * `navigation.state` alone disabled every button of the page while any one of them was sent.
 */

export type PendingQuery = {
  /** The form's action; by default the route's own (what `<Form>` without `action` posts to). */
  formAction?: string;
  /** By default POST, the method of every form that changes something. */
  formMethod?: 'GET' | 'POST';
  /** The `intent` the form sends, where forms share one action. */
  intent?: string;
  /** Other fields the form sends that tell it from its siblings (the order of "Order again"). */
  fields?: Readonly<Record<string, string>>;
  /**
   * `non-idle` (default) covers the redirect or reload after the answer as well, so a second
   * click cannot send the form again before the page shows its result.
   */
  state?: 'submitting' | 'loading' | 'non-idle';
};

type NavigationLike = Pick<Navigation, 'state' | 'formAction' | 'formMethod' | 'formData'>;

/** The same path written with or without its trailing slash, or with `?index`, is one action. */
function samePath(a: string, b: string): boolean {
  const norm = (path: string) => {
    const url = new URL(path, 'http://x');
    url.searchParams.delete('index');
    return `${url.pathname.replace(/(.)\/$/, '$1')}${url.search}`;
  };
  return norm(a) === norm(b);
}

/** Whether `navigation` is the submission `query` describes (`routeAction`: the route's own). */
export function isPending(
  navigation: NavigationLike,
  query: PendingQuery,
  routeAction: string,
): boolean {
  const { formAction = routeAction, formMethod = 'POST', intent, fields = {}, state } = query;
  const inState =
    state === 'submitting' || state === 'loading'
      ? navigation.state === state
      : navigation.state !== 'idle';
  if (!inState || !navigation.formAction || !navigation.formMethod) return false;
  if (navigation.formMethod.toUpperCase() !== formMethod) return false;
  if (!samePath(navigation.formAction, formAction)) return false;
  const wanted = intent === undefined ? fields : { ...fields, intent };
  return Object.entries(wanted).every(([name, value]) => navigation.formData?.get(name) === value);
}

/** Whether the form `query` describes is being sent (or its answer loaded) right now. */
export function useIsPending(query: PendingQuery = {}): boolean {
  const navigation = useNavigation();
  const routeAction = useFormAction();
  return isPending(navigation, query, routeAction);
}
