/**
 * A tick of a Growth module, answered before the plans' island has its script (issue 57). The
 * island loads on first use (`client:form`), a second or more on a budget phone, and the box
 * ticks at once, being native; the total beside it is computed here, from what the page was
 * built with: each module's price for the choice the page shows, and how the page writes an
 * amount, both embedded in the script (no byte of them in the island's own script). React, once
 * it holds the island, takes the ticked boxes as its own (PricingPlans) and writes the same
 * total; until then the total's text differs from what it rendered, which its element allows
 * (`suppressHydrationWarning` in PriceTag).
 */
import type { Catalogue } from '@growmail/contracts/catalogue';
import type { Language } from '@growmail/contracts/language';
import { contactBrackets, modulePrice } from '@growmail/contracts/pricing';
import { readSelection } from './selection';
import { moneyFormat, writeMoneyCode } from './money-format';

/**
 * Runs in the page, given each module's [amount, struck amount] by its code and the page's
 * `MoneyFormat`: on the change of a module's box in an island React does not hold yet (`ssr`),
 * the sums over the ticked boxes, written by `writeMoneyCode`, go into the total and into its
 * struck price where it has one (PriceTag). Small by hand, as the head's scripts are;
 * tests/e2e/first-tap.test.ts holds it.
 */
const code = (prices: string, money: string) =>
  `(function(d,P,M,w){d.addEventListener("change",function(e){var b=e.target,` +
  'i=b.closest&&b.hasAttribute("data-module")&&b.closest("astro-island[ssr]"),t=i&&i.querySelector("[data-testid=growth-total]"),a=0,o=0,p,s;' +
  'if(!t)return;' +
  'i.querySelectorAll("input[data-module]:checked").forEach(function(x){x=P[x.dataset.module]||[0,0];a+=x[0];o+=x[1]});' +
  '(p=t.querySelector("[data-testid=price]"))&&(p.textContent=w(a,M));(s=t.querySelector("s span:last-child"))&&(s.textContent=w(o,M))})})' +
  `(document,${prices},${money},${writeMoneyCode})`;

/** The inline script after the plans, with the prices of the choice the page shows (`search`, as the island reads it). */
export function PricingFirstAnswerScript({
  catalogue,
  search = '',
  language = 'en',
}: {
  catalogue: Catalogue;
  search?: string | undefined;
  language?: Language | undefined;
}) {
  const { currency, period, bracket } = readSelection(search, contactBrackets(catalogue, language), language);
  const prices = Object.fromEntries(
    catalogue.modules.map((module) => {
      const price = modulePrice(module, bracket, currency, period);
      return [module.code, [price?.amount ?? 0, price?.original ?? 0]];
    }),
  );
  const script = code(JSON.stringify(prices), JSON.stringify(moneyFormat(currency, language)));
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
