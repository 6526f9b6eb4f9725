import { redirect } from 'react-router';
import type { Route } from './+types/staff-home';

/** The back office opens on its order list. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/${params.lang}/staff/orders/`);
}
