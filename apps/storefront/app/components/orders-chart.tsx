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

/**
 * The plot's own units: the SVG stretches them to the width it is given (preserveAspectRatio
 * none), so the chart fills a phone's 360 px and a desktop's content column alike. Only lines are
 * drawn in it, with strokes that do not stretch (vector-effect), and the day marks as zero-length
 * round-capped strokes (a stretched circle would be an ellipse); the labels are HTML beside it, so
 * their type stays the page's size at any width.
 */
const PLOT_WIDTH = 1000;
const PLOT_HEIGHT = 100;

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
    .range([0, PLOT_WIDTH])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice()
    .range([PLOT_HEIGHT, 0]);
  const middle = (p: Point) => (x(p.day) ?? 0) + x.bandwidth() / 2;
  const path = line<Point>()
    .x(middle)
    .y((p) => y(p.orders))(points as Point[]);
  const fill = area<Point>()
    .x(middle)
    .y0(y(0))
    .y1((p) => y(p.orders))(points as Point[]);
  const ticks = y.ticks(Math.min(4, Math.max(max, 1))).filter(Number.isInteger);
  // Every fifth day labelled below the axis, every tenth on a phone (closer, they would overlap).
  const fromToday = (p: Point) => points.length - 1 - points.indexOf(p);
  const labelled = points.filter((p) => fromToday(p) % 5 === 0);

  return (
    <figure className="m-0">
      {/* Room for the tick labels on the left (2rem) and the day labels below (1.5rem). */}
      <div className="relative h-48 pt-2 pr-4 pb-6 pl-8 sm:h-56 lg:h-64">
        <svg
          viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="block h-full w-full overflow-visible text-primary"
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
              <line
                key={tick}
                x1={0}
                x2={PLOT_WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.25}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
          <g aria-hidden="true">
            {fill && <path d={fill} fill="currentColor" fillOpacity={0.12} />}
            {path && (
              <path
                d={path}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
            )}
            {points.map((p) => (
              <path
                key={p.day}
                d={`M${middle(p)},${y(p.orders)}h0`}
                stroke="currentColor"
                strokeWidth={5}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
        </svg>
        <div aria-hidden="true" className="text-xs text-slate-500">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute left-0 w-6 -translate-y-1/2 text-right tabular-nums"
              // The plot's box: 0.5rem from the top, 1.5rem from the bottom.
              style={{ top: `calc(0.5rem + (100% - 2rem) * ${y(tick) / PLOT_HEIGHT})` }}
            >
              {tick}
            </span>
          ))}
          {labelled.map((p) => (
            <span
              key={p.day}
              className={`absolute bottom-0 -translate-x-1/2 whitespace-nowrap ${fromToday(p) % 10 === 0 ? '' : 'max-sm:hidden'}`}
              // The plot's box: 2rem from the left, 1rem from the right.
              style={{ left: `calc(2rem + (100% - 3rem) * ${middle(p) / PLOT_WIDTH})` }}
            >
              {label(p.day)}
            </span>
          ))}
        </div>
      </div>
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
