import { formatDollars, showsSavings, type SavingsFigures } from '@growmail/contracts/calculator';
import type { Language } from '@growmail/contracts/language';
import { useId } from 'react';
import type { calculatorWords } from './calculator-words';

type Words = Pick<typeof calculatorWords, 'picture' | 'today' | 'withGrowmail' | 'youSave'>;

/** A point on the bars' scale, as a percentage of the larger cost, to the hundredth. */
const percentOf = (amount: number, scale: number) => `${scale > 0 ? Math.round((amount / scale) * 10_000) / 100 : 0}%`;

/**
 * The calculator's result as a picture (issue 40): the yearly cost today beside Growmail's, and,
 * when the sentence names a saving, the saving as the stretch between them. Every figure is text
 * (a screen reader reads the list); the bars are for the eye only, SVG sized in percentages, so
 * the same markup serves the island and the outcome page of a post without script, measuring
 * nothing and loading nothing.
 */
export function SavingsPicture({
  figures,
  words,
  language = 'en',
}: {
  figures: SavingsFigures;
  words: Words;
  language?: Language | undefined;
}) {
  const caption = useId();
  const scale = Math.max(figures.currentCost, figures.growmailCost);
  const rows = [
    { label: words.today, amount: figures.currentCost, from: 0, fill: 'fill-ink-600' },
    { label: words.withGrowmail, amount: figures.growmailCost, from: 0, fill: 'fill-brand-800' },
    ...(showsSavings(figures.savings)
      ? [{ label: words.youSave, amount: figures.savings, from: figures.growmailCost, fill: 'fill-brand-600' }]
      : []),
  ];
  return (
    // Named by its caption outright: not every screen reader takes a figure's name from it.
    <figure aria-labelledby={caption} className="mt-6 rounded-xl border border-ink-100 p-4">
      <figcaption id={caption} className="font-semibold text-ink-900">
        {words.picture}
      </figcaption>
      <ul className="mt-3 space-y-3">
        {rows.map((row) => (
          <li key={row.label}>
            <p className="flex flex-wrap justify-between gap-x-4 text-ink-700">
              <span>{row.label}</span>{' '}
              <strong className="tabular-nums text-ink-900">{formatDollars(row.amount, language)}</strong>
            </p>
            <svg aria-hidden="true" focusable="false" className="mt-1 block h-3 w-full">
              <rect width="100%" height="100%" rx="6" className="fill-ink-100" />
              <rect
                x={percentOf(row.from, scale)}
                width={percentOf(row.amount, scale)}
                height="100%"
                rx="6"
                className={row.fill}
              />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  );
}
