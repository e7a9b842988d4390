import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

/**
 * The Marketing page's charts, drawn when the page renders on the server (issue 40), with no
 * script. Every word and number in them is HTML text, never SVG text, so it keeps its size on a
 * phone: a 480-unit SVG drawn 300 px wide shrank 12 px text to 7 (issue 54). Only the lines are
 * SVG, stretched to the box with strokes that keep their width; d3 works out the scale and the
 * paths. A chart is a picture of the table beside it, which is what a screen reader reads, so
 * the drawing is hidden from it; its caption, which says what it counts, is not.
 */

type Series = { name: string; values: number[]; className: string };

/** A day as the team reads it: "Sun 1 Nov". */
const dayInWords = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
export const inWords = (day: string) => dayInWords.format(new Date(`${day}T00:00:00Z`));

/** The first, middle and last days, which label the axis. */
const axisDays = (days: string[]) =>
  days.length <= 2 ? days : [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days.at(-1)!];

/** Lines over the days of the range, sharing one scale from zero. */
export function LineChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  const most = Math.max(1, ...series.flatMap((one) => one.values));
  const y = scaleLinear().domain([0, most]).nice(4).range([100, 0]);
  const step = days.length > 1 ? 100 / (days.length - 1) : 0;
  const path = line<number>()
    .x((_, index) => index * step)
    .y((value) => y(value));
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-ink-900">{title}</figcaption>
      <div aria-hidden="true">
        <div className="flex gap-2">
          <div className="relative w-10 shrink-0 text-right text-xs text-ink-700">
            {y.ticks(4).map((tick) => (
              <span key={tick} className="absolute right-0 -translate-y-1/2" style={{ top: `${y(tick)}%` }}>
                {tick.toLocaleString('en')}
              </span>
            ))}
          </div>
          <div className="relative h-40 min-w-0 flex-1 border-b border-l border-ink-200">
            <svg
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
              focusable="false"
            >
              {y.ticks(4).map((tick) => (
                <line
                  key={tick}
                  x1={0}
                  x2={100}
                  y1={y(tick)}
                  y2={y(tick)}
                  className="stroke-ink-100"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {series.map((one) => (
                <path
                  key={one.name}
                  d={path(one.values) ?? ''}
                  fill="none"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                  className={one.className}
                />
              ))}
            </svg>
          </div>
        </div>
        <div className="mt-1 ml-12 flex justify-between gap-2 text-xs text-ink-700">
          {axisDays(days).map((day) => (
            <span key={day}>{inWords(day)}</span>
          ))}
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-ink-700">
          {series.map((one) => (
            <span key={one.name} className="inline-flex items-center gap-1">
              <svg width="16" height="4" focusable="false">
                <line x1="0" x2="16" y1="2" y2="2" strokeWidth={3} className={one.className} />
              </svg>
              {one.name}
            </span>
          ))}
        </p>
      </div>
    </figure>
  );
}

/**
 * One bar per row, the largest first, on one scale from zero. Each label has a line of its own
 * above its bar, where a long campaign name wraps rather than being cut.
 */
export function BarChart({
  title,
  bars,
  empty = 'Nothing in these days.',
}: {
  title: string;
  bars: Array<{ label: string; value: number }>;
  empty?: string;
}) {
  const shown = bars.toSorted((a, b) => b.value - a.value).slice(0, 10);
  const most = Math.max(1, ...shown.map((bar) => bar.value));
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-ink-900">{title}</figcaption>
      {shown.every((bar) => bar.value === 0) ? (
        <p className="text-sm text-ink-700">{empty}</p>
      ) : (
        <ol className="grid gap-2" aria-hidden="true">
          {shown.map((bar, index) => (
            <li key={index} className="min-w-0">
              <span className="block text-sm break-words text-ink-900">{bar.label || '(none)'}</span>
              <span className="flex items-center gap-2">
                <span
                  className="block h-3 rounded-sm bg-brand-600"
                  style={{ width: `${(bar.value / most) * 85}%`, minWidth: bar.value > 0 ? '2px' : 0 }}
                />
                <span className="text-xs text-ink-700 tabular-nums">{bar.value.toLocaleString('en')}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
