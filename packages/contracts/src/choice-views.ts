import { defaultLanguage, languages, type Language } from './language.ts';
import { pricingChoice, pricingQueryKeys, type PricingChoice } from './pricing.ts';
import { sampleLanguageIds, sampleLanguageQueryKey } from './sandbox.ts';

/**
 * A choice that a query makes on a page without JavaScript (D30) is a page of its own: the build
 * renders the whole page once per choice from the same components, and the server sends the file
 * a query names exactly as it sends any built page. Home and /pricing have one per pricing
 * choice, a reference page one per sample language. They live under /_views, which is no route:
 * the route list, the sitemap and llms.txt skip it, and no URL serves it at its own path.
 */
export const choiceViewsDir = '/_views';

/** The folder of a page's choices: /_views/index for home, /_views/pricing for /pricing. */
const viewsOf = (route: string) => `${choiceViewsDir}${route === '/' ? '/index' : route}`;

/** Where the build writes a page as a pricing choice shows it: /_views/pricing/NGN-year-campaign-up-to-1m.html. */
export const pricingViewPath = (route: string, choice: PricingChoice) =>
  `${viewsOf(route)}/${choice.currency}-${choice.period}-${choice.bracketId}.html`;

/** Where the build writes a reference page showing one language's samples: /_views/developers/reference/contacts/python.html. */
export const sampleViewPath = (route: string, lang: string) => `${viewsOf(route)}/${lang}.html`;

/** The language of a page by its path: French under /fr/, English at the unprefixed paths. */
const routeLanguage = (route: string): Language =>
  languages.find((language) => route === `/${language}` || route.startsWith(`/${language}/`)) ?? defaultLanguage;

/**
 * The file of the pricing choice a query makes on a page, read by the rule the island hydrates
 * by (`pricingChoice`, in the page's language, whose default currency differs: D38); undefined
 * when the query names no pricing field or makes the default choice, which is the page as
 * built. `bracketIds` are those of the catalogue the site was built from.
 */
export function pricingViewFor(route: string, search: string, bracketIds: readonly string[]): string | undefined {
  const params = new URLSearchParams(search);
  if (!Object.values(pricingQueryKeys).some((key) => params.has(key))) return undefined;
  const language = routeLanguage(route);
  const choice = pricingChoice(search, bracketIds, language);
  const standard = pricingChoice('', bracketIds, language);
  const same = (Object.keys(choice) as (keyof PricingChoice)[]).every((key) => choice[key] === standard[key]);
  return same ? undefined : pricingViewPath(route, choice);
}

/** The file of the sample language a query's `lang` names; undefined for none, an unknown one, or curl, which the page shows as built. */
export function sampleViewFor(route: string, search: string): string | undefined {
  const lang = new URLSearchParams(search).get(sampleLanguageQueryKey);
  const known = sampleLanguageIds.find((id) => id === lang);
  return known === undefined || known === sampleLanguageIds[0] ? undefined : sampleViewPath(route, known);
}
