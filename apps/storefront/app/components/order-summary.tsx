import type { Order } from '@shop/contract';
import { useMoney } from './price.tsx';
import { TotalsList } from './totals-list.tsx';

/** What an order holds and costs: its lines, then its totals (order-success and my-orders). */
export function OrderSummary({ order }: { order: Order }) {
  const money = useMoney();
  const { totals } = order;
  return (
    <>
      <ul className="mb-4 space-y-2">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {item.quantity} × {item.title}
            </span>
            <span className="shrink-0">{money(item.discountPrice)}</span>
          </li>
        ))}
      </ul>
      <TotalsList
        promo={{ code: order.promoCode?.code, amount: totals.promoDiscount }}
        delivery={{ title: order.delivery.title, price: totals.delivery }}
        total={totals.orderTotal}
        vat={totals.totalVat}
        className="border-t border-slate-200 pt-3"
      />
    </>
  );
}
