import type { Catalogue } from '@growmail/contracts/catalogue';
import { catalogueFromAnswer } from '@growmail/contracts/catalogue-shape';
import { defaultLanguage, type Language } from '@growmail/contracts/language';
import {
  contactBrackets,
  currencies,
  flexPricePer1000,
  growthTotal,
  type ContactBracket,
  type PeriodPrice,
} from '@growmail/contracts/pricing';
import { useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formReadyEvent } from '@/components/forms/form-ready';
import { GrowthModules } from './growth-modules';
import { PlanCard, type CardHeading } from './plan-card';
import { PriceTag } from './price-tag';
import { englishPricingWords, fillIn, type PricingWords } from './pricing-words';
import { PricingControls } from './pricing-controls';
import { formSearch, readSelection, selectionSearch, type PricingSelection } from './selection';
import { useLocationSearch } from './use-location-search';

type Props = {
  /**
   * The catalogue at build time, as JSON: what the prerendered page shows and the fallback when
   * the modules call fails. A string, because Astro writes an object prop as tagged arrays
   * (`[0,…]` around every value), 21.3 KB of /fr/pricing before its first screen; as JSON, each
   * quote escaped, it is 19.9 KB there (issue 41, smaller documents).
   */
  builtCatalogue: string;
  /** The base chosen at server start, handed over by the route shell (lib/runtime.ts). */
  modulesUrl: string;
  cardHeading: CardHeading;
  /** Where the controls' form goes without JavaScript: the page itself (D30). */
  action: string;
  /** The query this HTML is rendered for: set only on a page's copies per pricing choice (lib/choice-views.ts). */
  search?: string;
  /** The page's language: how amounts are written, and the currency shown before a choice (D38). */
  language?: Language;
  /** The island's words on a page in another language than English (lib/pricing-words-fr.ts). */
  words?: PricingWords;
  /**
   * What no choice changes, rendered on the server and passed in as slots
   * (src/components/Pricing.astro): the cards' features and links, and the Enterprise card.
   */
  flexFeatures?: ReactNode;
  flexAction?: ReactNode;
  growthFeatures?: ReactNode;
  growthAction?: ReactNode;
  enterprise?: ReactNode;
};

/** Refreshes prices from the modules service; on any failure the built catalogue stays (spec "Calls made": on error nothing is done). */
/** The bracket as the status line says it: its label, or the language's phrase for it with its numbers. */
function bracketInWords(bracket: ContactBracket, phrases: PricingWords['bracketPhrases'], language: Language) {
  if (!phrases) return bracket.label;
  const count = (value: number | null) => new Intl.NumberFormat(language).format(value ?? 0);
  const phrase = bracket.max === null ? phrases.last : bracket.min === 0 ? phrases.first : phrases.range;
  return fillIn(phrase, { min: count(bracket.min), max: count(bracket.max) });
}

function useCatalogue(builtCatalogue: string, modulesUrl: string): Catalogue {
  const [catalogue, setCatalogue] = useState(() => JSON.parse(builtCatalogue) as Catalogue);
  useEffect(() => {
    const controller = new AbortController();
    // A plain timer rather than AbortSignal.timeout/any, which older Safari lacks.
    const timer = setTimeout(() => controller.abort(), 10_000);
    fetch(`${modulesUrl}/modules`, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: { error?: unknown; payload?: unknown } | undefined) => {
        const fresh = body?.error === null ? catalogueFromAnswer(body.payload) : undefined;
        if (fresh) setCatalogue(fresh);
      })
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [modulesUrl]);
  return catalogue;
}

const noSubscription = () => () => undefined;

/** The interactive part of the pricing section (D9): selectors, Flex and Growth cards. */
export function PricingPlans({
  builtCatalogue,
  modulesUrl,
  cardHeading,
  action,
  search: rendered,
  language = defaultLanguage,
  words,
  ...fixed
}: Props) {
  const text: PricingWords = words ?? englishPricingWords;
  const catalogue = useCatalogue(builtCatalogue, modulesUrl);
  const brackets = useMemo(() => contactBrackets(catalogue, language), [catalogue, language]);
  const [search, setSearch] = useLocationSearch(rendered);
  const selection = readSelection(search, brackets, language);
  const [modules, setModules] = useState<ReadonlySet<string>>(new Set());
  // False in the HTML and while hydrating, true from the first render after.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const form = useRef<HTMLFormElement>(null);

  const change = (next: Partial<PricingSelection>) =>
    setSearch(selectionSearch(window.location.search, { ...selection, ...next }));
  /** What the form holds now: a choice made before React took over, or a submit held until it did. */
  const takeFormChoice = (root: HTMLFormElement) => {
    const chosen = readSelection(formSearch(root), brackets, language);
    if (selectionSearch('', chosen) !== selectionSearch('', selection)) change(chosen);
  };
  const toggle = (code: string, on: boolean) =>
    setModules((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  const hydrated = useEffectEvent(() => {
    const root = form.current;
    if (!root) return;
    takeFormChoice(root);
    // A module ticked before React took over (the first press starts it) counts too.
    const island = root.closest('astro-island') ?? document;
    for (const box of island.querySelectorAll<HTMLInputElement>('input[data-module]:checked:not(:disabled)'))
      toggle(box.dataset.module!, true);
    // src/directives/form.ts holds a submit made before hydration until the form says this.
    root.dispatchEvent(new Event(formReadyEvent, { bubbles: true }));
  });
  useEffect(() => hydrated(), []);

  const { currency, period, bracket } = selection;
  const per = period === 'year' ? text.perYear : text.perMonth;
  const flex = flexPricePer1000(catalogue.rates, bracket.min, currency);
  const flexPrice: PeriodPrice | undefined =
    flex === undefined ? undefined : { amount: flex, original: flex, discounted: false };
  const total = growthTotal(catalogue.modules, modules, bracket, currency, period);
  const currencyLabel = text.currencies?.[currency] ?? currencies.find((option) => option.value === currency)?.label;

  return (
    <>
      <PricingControls
        words={text}
        selection={selection}
        brackets={brackets}
        action={action}
        enhanced={enhanced}
        formRef={form}
        onChange={change}
        onSubmit={(event) => {
          event.preventDefault();
          takeFormChoice(event.currentTarget);
        }}
      />
      <p role="status" className="sr-only">
        {fillIn(text.status, {
          currency: currencyLabel ?? currency,
          billed: text.billed[period] ?? period,
          bracket: bracketInWords(bracket, text.bracketPhrases, language),
        })}
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <PlanCard id="flex" name="Flex" heading={cardHeading} pitch={text.flexPitch} action={fixed.flexAction}>
          {flexPrice ? (
            <PriceTag
              price={flexPrice}
              currency={currency}
              per={text.per1000}
              label={text.payAsYouGo}
              regular={text.regular}
              language={language}
            />
          ) : (
            <p className="text-3xl font-bold text-ink-900">{text.askUs}</p>
          )}
          <div className="mt-6">{fixed.flexFeatures}</div>
        </PlanCard>
        <PlanCard
          id="growth"
          name="Growth"
          heading={cardHeading}
          highlighted
          pitch={text.growthPitch}
          action={fixed.growthAction}
        >
          <div data-testid="growth-total">
            <PriceTag
              price={total}
              currency={currency}
              per={per}
              label={text.total}
              regular={text.regular}
              language={language}
            />
          </div>
          <div className="mt-6">{fixed.growthFeatures}</div>
          <GrowthModules
            modules={catalogue.modules}
            selected={modules}
            selection={selection}
            per={period === 'year' ? text.perYearShort : text.perMonthShort}
            words={text}
            language={language}
            onToggle={toggle}
          />
        </PlanCard>
        {fixed.enterprise}
      </div>
    </>
  );
}
