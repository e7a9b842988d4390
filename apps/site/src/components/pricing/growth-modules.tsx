import { fillIn, type PricingWords } from './pricing-words';
import type { CatalogueModule } from '@growmail/contracts/catalogue';
import type { Language } from '@growmail/contracts/language';
import { campaignModuleCode, modulePrice, priceLabel } from '@growmail/contracts/pricing';
import type { PricingSelection } from './selection';

/** The Growth plan's modules: Campaigns is always on; the others toggle and list what they add (spec "Business constants"). */
export function GrowthModules({
  modules,
  selected,
  selection,
  per,
  words,
  language,
  onToggle,
}: {
  words: PricingWords;
  modules: readonly CatalogueModule[];
  selected: ReadonlySet<string>;
  selection: PricingSelection;
  per: string;
  language: Language;
  onToggle: (code: string, on: boolean) => void;
}) {
  return (
    <div className="mt-6 border-t border-ink-100 pt-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink-900">{words.modules}</legend>
        <ul className="mt-3 space-y-4">
          {modules.map((module) => {
            const always = module.code === campaignModuleCode;
            const price = modulePrice(module, selection.bracket, selection.currency, selection.period);
            const featuresId = `growth-module-${module.code}-adds`;
            return (
              <li key={module.code}>
                {/* Wraps, so a long yearly price in CFA francs (D38) goes under the name at 320 px rather than past the edge. */}
                <label className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
                  <input
                    type="checkbox"
                    data-module={module.code}
                    className="mt-0.5 size-5 shrink-0 accent-brand-700"
                    checked={always || selected.has(module.code)}
                    disabled={always}
                    aria-describedby={module.features.length > 0 ? featuresId : undefined}
                    onChange={(event) => onToggle(module.code, event.target.checked)}
                  />
                  <span className="flex-1 font-medium text-ink-900">
                    {words.moduleNames?.[module.code] ?? module.name}
                    {always && <span className="font-normal text-ink-700">{words.always}</span>}
                  </span>
                  <span data-testid="module-price" className="ml-auto text-right text-ink-700 tabular-nums">
                    {price
                      ? `${priceLabel(price.amount, selection.currency, language)}${price.amount > 0 ? per : ''}`
                      : '—'}
                  </span>
                </label>
                {module.features.length > 0 && (
                  <p id={featuresId} className="mt-1 ml-8 text-sm text-ink-700">
                    {fillIn(words.adds, {
                      features: (words.moduleFeatures?.[module.code] ?? module.features).join(', ').toLowerCase(),
                    })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
