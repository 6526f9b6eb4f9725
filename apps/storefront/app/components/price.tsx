import { moneyFormatter } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';

/** Formats an amount the server computed; no arithmetic here (the one formatter: @shop/domain). */
export function useMoney() {
  const { locale } = useI18n();
  const currency = useLocaleData()?.shop.currency ?? 'EUR';
  return moneyFormatter(locale, currency);
}

export function Price({
  price,
  discountPrice,
  discountPercent,
  totalVat,
  size = 'md',
}: {
  price: number;
  discountPrice: number;
  discountPercent: number;
  totalVat?: number;
  size?: 'md' | 'lg';
}) {
  const money = useMoney();
  const { t } = useI18n();
  const big = size === 'lg';
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={`font-bold ${big ? 'text-3xl' : 'text-lg'} ${discountPercent > 0 ? 'text-red-700' : ''}`}
        >
          {money(discountPrice)}
        </span>
        {discountPercent > 0 && (
          <>
            <span className="text-slate-600 line-through">
              <span className="sr-only">{t('product.regularPrice')}: </span>
              {money(price)}
            </span>
            <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
              −{discountPercent}%
            </span>
          </>
        )}
      </p>
      {totalVat !== undefined && (
        <p className="text-sm text-slate-600">
          {t('product.vatAmount', { amount: money(totalVat) })}
        </p>
      )}
    </div>
  );
}
