import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';

/**
 * The Marketing page's charts, drawn as SVG when the page renders on the server (issue 40): d3
 * works out the scales and the paths, and none of it is sent to the browser, as the console page
 * has no island. A chart is a picture of the table beside it, which is what a screen reader reads,
 * so the SVG is hidden from it.
 */

const width = 480;

type Series = { name: string; values: number[]; className: string };

/** Lines over the days of the range, sharing one scale from zero. */
export function LineChart({ days, series }: { days: string[]; series: Series[] }) {
  const height = 200;
  const margin = { top: 12, right: 12, bottom: 28, left: 44 };
  const x = scalePoint<number>()
    .domain(days.map((_, index) => index))
    .range([margin.left, width - margin.right]);
  const most = Math.max(1, ...series.flatMap((one) => one.values));
  const y = scaleLinear()
    .domain([0, most])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const path = line<number>()
    .x((_, index) => x(index) ?? margin.left)
    .y((value) => y(value));
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className="stroke-ink-100" />
            <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-ink-700 text-[11px]">
              {tick.toLocaleString('en')}
            </text>
          </g>
        ))}
        {days.length > 0 && (
          <>
            <text x={margin.left} y={height - 8} className="fill-ink-700 text-[11px]">
              {days[0]}
            </text>
            <text x={width - margin.right} y={height - 8} textAnchor="end" className="fill-ink-700 text-[11px]">
              {days.at(-1)}
            </text>
          </>
        )}
        {series.map((one) => (
          <path key={one.name} d={path(one.values) ?? ''} fill="none" strokeWidth={2} className={one.className} />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 text-sm text-ink-700" aria-hidden="true">
        {series.map((one) => (
          <span key={one.name} className="inline-flex items-center gap-1">
            <svg width="16" height="4" aria-hidden="true" focusable="false">
              <line x1="0" x2="16" y1="2" y2="2" strokeWidth={3} className={one.className} />
            </svg>
            {one.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** One bar per row, longest first as the table orders them, on one scale from zero. */
export function BarChart({ bars }: { bars: Array<{ label: string; value: number }> }) {
  const shown = bars.slice(0, 10);
  const row = 26;
  const margin = { top: 4, right: 48, bottom: 4, left: 150 };
  const height = margin.top + margin.bottom + Math.max(1, shown.length) * row;
  const y = scaleBand()
    .domain(shown.map((_, index) => String(index)))
    .range([margin.top, height - margin.bottom])
    .padding(0.2);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...shown.map((bar) => bar.value))])
    .range([margin.left, width - margin.right]);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full min-w-0" aria-hidden="true" focusable="false">
      {shown.map((bar, index) => {
        const top = y(String(index)) ?? 0;
        const label = bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label;
        return (
          <g key={index}>
            <text
              x={margin.left - 6}
              y={top + y.bandwidth() / 2}
              dy="0.32em"
              textAnchor="end"
              className="fill-ink-900 text-[12px]"
            >
              {label}
            </text>
            <rect
              x={margin.left}
              y={top}
              width={x(bar.value) - margin.left}
              height={y.bandwidth()}
              rx={3}
              className="fill-brand-600"
            />
            <text x={x(bar.value) + 4} y={top + y.bandwidth() / 2} dy="0.32em" className="fill-ink-700 text-[12px]">
              {bar.value.toLocaleString('en')}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
