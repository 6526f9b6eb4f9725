import type { ReactNode } from 'react';

/** The dashboard's sections (spec section 2), in the order of its menu. */
export const DASHBOARD_SECTIONS = [
  ['account-info', 'account.accountInfo'],
  ['address-book', 'account.addressBook'],
  ['my-orders', 'account.myOrders'],
  ['my-reviews', 'account.myReviews'],
  ['newsletter', 'account.newsletter'],
  ['settings', 'account.settings'],
] as const;

/** One section of the account dashboard: its heading (h2 under the dashboard's h1) and content. */
export function DashboardSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A finished change, said in place. */
export function Saved({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 break-words"
    >
      {children}
    </p>
  );
}
