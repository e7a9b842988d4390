import type { PricingWords } from './pricing-words';
import {
  billingPeriods,
  currencies,
  francsFirst,
  pricingQueryKeys,
  type ContactBracket,
} from '@growmail/contracts/pricing';
import type { SubmitEventHandler, Ref } from 'react';
import type { PricingSelection } from './selection';

const segment =
  'relative cursor-pointer rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-ink-700 hover:text-brand-800 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700';
/** The native radio covers its label, invisible: clicks, taps and keys reach it directly. */
const choice = 'absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0';
const group = 'mt-2 inline-flex flex-wrap gap-1 rounded-lg border border-ink-300 bg-white p-1';
const legend = 'text-sm font-semibold text-ink-900';

/**
 * Currency, billing period and contacts bracket: native radios and a select, so keyboards and
 * screen readers just work. It is a GET form to the page itself, and 'Show prices' sends it
 * without JavaScript (D30); once React holds it each choice applies at once, and the button
 * turns invisible, keeping its place so nothing moves.
 */
export function PricingControls({
  words,
  selection,
  brackets,
  action,
  enhanced,
  formRef,
  onChange,
  onSubmit,
}: {
  words: PricingWords;
  selection: PricingSelection;
  brackets: readonly ContactBracket[];
  /** The page's own path, with `#pricing` where the section is not the page's top. */
  action: string;
  enhanced: boolean;
  formRef: Ref<HTMLFormElement>;
  onChange: (change: Partial<PricingSelection>) => void;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
}) {
  return (
    <form
      ref={formRef}
      method="get"
      action={action}
      onSubmit={onSubmit}
      className="flex flex-col gap-5 md:flex-row md:flex-wrap md:items-end md:gap-8"
    >
      <fieldset>
        <legend className={legend}>{words.currency}</legend>
        <div className={group}>
          {/* Words that name the CFA francs' choices by their regions (French) offer them first (issue 56). */}
          {(words.currencyChoices ? francsFirst() : currencies).map((currency) => (
            <label key={currency.value} className={segment}>
              <input
                type="radio"
                className={choice}
                name={pricingQueryKeys.currency}
                value={currency.value}
                checked={selection.currency === currency.value}
                onChange={() => onChange({ currency: currency.value })}
              />
              {words.currencyChoices?.[currency.value] ?? `${currency.symbol} ${currency.value}`}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legend}>{words.period}</legend>
        <div className={group}>
          {billingPeriods.map((period) => (
            <label key={period.value} className={segment}>
              <input
                type="radio"
                className={choice}
                name={pricingQueryKeys.period}
                value={period.value}
                checked={selection.period === period.value}
                onChange={() => onChange({ period: period.value })}
              />
              {words.periods?.[period.value] ?? period.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col">
        <label htmlFor="pricing-bracket" className={legend}>
          {words.contacts}
        </label>
        <div className="mt-2 flex flex-wrap gap-3">
          <select
            id="pricing-bracket"
            name={pricingQueryKeys.bracket}
            className="h-11 rounded-lg border border-ink-300 bg-white px-3 text-sm font-semibold text-ink-900 tabular-nums md:min-w-56"
            value={selection.bracket.id}
            onChange={(event) => {
              const bracket = brackets.find((option) => option.id === event.target.value);
              if (bracket) onChange({ bracket });
            }}
          >
            {brackets.map((bracket) => (
              <option key={bracket.id} value={bracket.id}>
                {bracket.label}
              </option>
            ))}
          </select>
          <button type="submit" className={`button-secondary h-11${enhanced ? ' invisible' : ''}`}>
            {words.show}
          </button>
        </div>
      </div>
    </form>
  );
}
