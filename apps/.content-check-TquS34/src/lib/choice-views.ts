import { choiceViewsDir, pricingViewFor, sampleViewFor } from '@growmail/contracts/choice-views';
import { billingPeriods, contactBrackets, currencies, pricingQueryKeys } from '@growmail/contracts/pricing';
import { sampleLanguageIds, sampleLanguageQueryKey, type SampleLanguageId } from '@growmail/contracts/sandbox';
import { builtCatalogue } from './catalogue';
import { docsPages, type DocsPage } from './docs/pages';
import { pricingPlacements, type PricingPlacement } from './pricing-placements';

/** What one copy of a page shows: a pricing choice on home or /pricing, or a sample language on a reference page. */
export type ChoiceView =
  | { page: PricingPlacement; pricingSearch: string }
  | { page: 'docs'; docs: DocsPage; sampleLanguage: SampleLanguageId };

/**
 * Every page the build renders again for a choice a query can make without JavaScript (D30):
 * home and /pricing for each query their pricing form sends (6 currencies × 2 periods × 8
 * brackets), each reference page for each `?lang=` its links ask for. Each is written where
 * the server's rule for that query looks (packages/contracts/src/choice-views.ts), so the
 * default choice, which is the page as built, is not written again. `view` is the path under
 * /_views without '.html'.
 */
export function choiceViews(): { view: string; props: ChoiceView }[] {
  const bracketIds = contactBrackets(builtCatalogue).map((bracket) => bracket.id);
  const pricing = (Object.keys(pricingPlacements) as PricingPlacement[]).flatMap((page) =>
    currencies.flatMap(({ value: currency }) =>
      billingPeriods.flatMap(({ value: period }) =>
        bracketIds.flatMap((bracket) => {
          const pricingSearch = `?${new URLSearchParams({
            [pricingQueryKeys.currency]: currency,
            [pricingQueryKeys.period]: period,
            [pricingQueryKeys.bracket]: bracket,
          })}`;
          const path = pricingViewFor(pricingPlacements[page].route, pricingSearch, bracketIds);
          return path ? [{ path, props: { page, pricingSearch } satisfies ChoiceView }] : [];
        }),
      ),
    ),
  );
  const samples = docsPages
    .filter((docs) => docs.body.includes('<Operation '))
    .flatMap((docs) =>
      sampleLanguageIds.flatMap((sampleLanguage) => {
        const path = sampleViewFor(docs.path, `?${sampleLanguageQueryKey}=${sampleLanguage}`);
        return path ? [{ path, props: { page: 'docs', docs, sampleLanguage } satisfies ChoiceView }] : [];
      }),
    );
  return [...pricing, ...samples].map(({ path, props }) => ({
    view: path.slice(choiceViewsDir.length + 1, -'.html'.length),
    props,
  }));
}
