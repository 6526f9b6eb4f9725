import type { ReactNode } from 'react';
import type { Order } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { useMoney } from './price.tsx';
import { TotalsList } from './totals-list.tsx';

type SummaryLine = { id: number; quantity: number; title: string; price: number };
type SummaryTotals = Parameters<typeof TotalsList>[0];

/** Lines, then totals: what an order or a checkout holds and costs. */
function SummaryBody({ lines, totals }: { lines: SummaryLine[]; totals: SummaryTotals }) {
  const money = useMoney();
  return (
    <>
      <ul className="mb-4 space-y-2">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {line.quantity} × {line.title}
            </span>
            <span className="shrink-0">{money(line.price)}</span>
          </li>
        ))}
      </ul>
      <TotalsList {...totals} className="border-t border-slate-200 pt-3" />
    </>
  );
}

/** What an order holds and costs: its lines, then its totals (order-success and my-orders). */
export function OrderSummary({ order }: { order: Order }) {
  return <SummaryBody lines={orderLines(order)} totals={orderTotals(order)} />;
}

/** An order's lines and totals as the summaries show them. */
export const orderLines = (order: Order): SummaryLine[] =>
  order.items.map((item) => ({
    id: item.id,
    quantity: item.quantity,
    title: item.title,
    price: item.discountPrice,
  }));

export const orderTotals = (order: Order): SummaryTotals => ({
  promo: { code: order.promoCode?.code, amount: order.totals.promoDiscount },
  delivery: { title: order.delivery.title, price: order.totals.delivery },
  total: order.totals.orderTotal,
  vat: order.totals.totalVat,
});

/**
 * The checkout's summary, always within reach (issue 23): on a phone a fold at the top of the page
 * whose closed line shows the total; from `lg` a side column that stays in view while the form
 * scrolls. Both follow the shopper's choices (their `totals` are the page's state). `children`
 * go under the totals of the side column (nothing on a phone: the form's own button is near).
 */
export function CheckoutSummary({
  lines,
  totals,
  children,
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <>
      <details className="mb-6 rounded-lg border border-slate-200 lg:hidden">
        <summary className="flex cursor-pointer justify-between gap-2 p-4 font-bold">
          <span>{t('checkout.summary')}</span>
          <span data-summary-total="">{money(totals.total)}</span>
        </summary>
        <div className="border-t border-slate-200 p-4">
          <SummaryBody lines={lines} totals={totals} />
        </div>
      </details>
      <aside
        aria-labelledby="checkout-summary-title"
        className="hidden h-fit min-w-0 rounded-lg border border-slate-200 p-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:block"
      >
        <h2 id="checkout-summary-title" className="mb-3 text-lg font-bold">
          {t('checkout.summary')}
        </h2>
        <SummaryBody lines={lines} totals={totals} />
        {children}
      </aside>
    </>
  );
}
