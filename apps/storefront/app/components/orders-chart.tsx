import { useId } from 'react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { useI18n } from '#app/lib/i18n.tsx';

/*
 * The dashboard's orders per day (issue 24): plain SVG made on the server (d3-scale for the axes'
 * arithmetic, d3-shape for the line's path; no chart code runs in the browser, no canvas).
 * Accessible: the figure is an image with a title and a description that tell the totals, and the
 * figures follow in a table (folded under a summary) for screen readers and keyboard users.
 */

type Point = { day: string; orders: number };

/** Drawn small and scaled up to at most 36rem: its labels stay readable from 360 px up. */
const WIDTH = 360;
const HEIGHT = 180;
const MARGIN = { top: 12, right: 16, bottom: 26, left: 28 };

export function OrdersChart({ points }: { points: readonly Point[] }) {
  const { locale, t } = useI18n();
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const dayLabel = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  const total = points.reduce((n, p) => n + p.orders, 0);
  const max = points.reduce((n, p) => Math.max(n, p.orders), 0);
  const busiest = points.find((p) => p.orders === max && max > 0);

  const x = scaleBand<string>()
    .domain(points.map((p) => p.day))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const middle = (p: Point) => (x(p.day) ?? 0) + x.bandwidth() / 2;
  const path = line<Point>()
    .x(middle)
    .y((p) => y(p.orders))(points as Point[]);
  const fill = area<Point>()
    .x(middle)
    .y0(y(0))
    .y1((p) => y(p.orders))(points as Point[]);
  const ticks = y.ticks(Math.min(4, Math.max(max, 1))).filter(Number.isInteger);
  // Every fifth day labelled below the axis (30 labels would overlap at 360 px).
  const labelled = points.filter((_, i) => (points.length - 1 - i) % 5 === 0);

  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full max-w-xl text-primary"
        data-chart="orders-per-day"
      >
        <title id={titleId}>{t('staffSettings.dashboard.chartTitle')}</title>
        <desc id={descId}>
          {busiest
            ? t('staffSettings.dashboard.chartDesc', {
                total,
                max,
                day: longDay.format(new Date(`${busiest.day}T00:00:00Z`)),
              })
            : t('staffSettings.dashboard.chartEmpty')}
        </desc>
        <g className="text-slate-500" aria-hidden="true">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.25}
              />
              <text
                x={MARGIN.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                fontSize={11}
                fill="currentColor"
              >
                {tick}
              </text>
            </g>
          ))}
          {labelled.map((p) => (
            <text
              key={p.day}
              x={middle(p)}
              y={HEIGHT - MARGIN.bottom + 16}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {label(p.day)}
            </text>
          ))}
        </g>
        <g aria-hidden="true">
          {fill && <path d={fill} fill="currentColor" fillOpacity={0.12} />}
          {path && <path d={path} fill="none" stroke="currentColor" strokeWidth={2} />}
          {points.map((p) => (
            <circle key={p.day} cx={middle(p)} cy={y(p.orders)} r={2.5} fill="currentColor" />
          ))}
        </g>
      </svg>
      <figcaption>
        <details className="mt-2">
          <summary className="cursor-pointer text-primary underline">
            {t('staffSettings.dashboard.chartTable')}
          </summary>
          <table className="mt-2 w-full max-w-sm text-sm">
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  {t('staffSettings.dashboard.day')}
                </th>
                <th scope="col" className="text-right">
                  {t('staffSettings.dashboard.ordersLabel')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <td>
                    <time dateTime={p.day}>{longDay.format(new Date(`${p.day}T00:00:00Z`))}</time>
                  </td>
                  <td className="text-right tabular-nums">{p.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
