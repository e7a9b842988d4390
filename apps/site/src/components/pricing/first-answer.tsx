/**
 * A tick of a Growth module, answered before the plans' island has its script (issue 57). The
 * island loads on first use (`client:form`), a second or more on a budget phone, and the box
 * ticks at once, being native; the total beside it is computed here, from the page: each module's
 * box carries its price for the choice the page shows (`data-amount`, `data-original`), and the
 * total carries how to write an amount (`data-money`, by `moneyFormat`). React, once it holds the
 * island, takes the ticked boxes as its own (PricingPlans) and writes the same total; until then
 * the total's text differs from what it rendered, which its element allows (suppressHydrationWarning).
 */
import { writeMoney, type MoneyFormat } from './money-format';

/** Runs in the page, as an inline script: written without imports; `write` is `writeMoney`. */
export function pricingFirstAnswer(d: Document, write: typeof writeMoney) {
  d.addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.hasAttribute('data-module')) return;
    const island = box.closest('astro-island[ssr]');
    const total = island?.querySelector<HTMLElement>('[data-money]');
    if (!island || !total) return;
    const money = JSON.parse(total.dataset.money!) as MoneyFormat;
    let amount = 0;
    let original = 0;
    for (const ticked of island.querySelectorAll<HTMLInputElement>('input[data-module]:checked')) {
      amount += Number(ticked.dataset.amount);
      original += Number(ticked.dataset.original);
    }
    const price = total.querySelector('[data-price]');
    const struck = total.querySelector('[data-original]');
    if (price) price.textContent = write(amount, money);
    if (struck) struck.textContent = write(original, money);
  });
}

/** The build's own code of the two, its line breaks and indents taken out (every statement ends in a semicolon). */
const code = `(${pricingFirstAnswer.toString()})(document,${writeMoney.toString()})`.replace(/\n\s*/g, '');

/** The inline script, once per page with the plans. */
export function PricingFirstAnswerScript() {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
