import type { ReactNode } from 'react';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

export type FlyoutItem = { href: string; title: string; description: string; icon: ReactNode };

type Props = {
  label: string;
  items: readonly FlyoutItem[];
  /** `ctaDetail` completes the call to action's name for screen readers and search engines. */
  promo: { text: string; href: string; cta: string; ctaDetail?: string };
};

// The header has one flyout, so a fixed id is unique and the header script can name it.
const panelId = 'products-flyout';

/**
 * The desktop Products menu, as plain HTML so no page downloads React for it. The panel is a
 * popover: the browser toggles it from the button, closes it on Escape (focus back on the
 * button) and on a click outside, with no script at all. The header script
 * (components/head-script.tsx, found by `data-flyout`) adds opening on hover, closing on
 * leaving it or choosing a link, and keeps `aria-expanded` in step. Focus alone never opens it.
 */
export function ProductsFlyout({ label, items, promo }: Props) {
  return (
    <div data-flyout="" className="group/flyout">
      <button
        type="button"
        popoverTarget={panelId}
        aria-controls={panelId}
        className="nav-link inline-flex items-center gap-1 [anchor-name:--products-flyout]"
      >
        {label}
        {/* Turned over by CSS while the panel is open, so it needs no state. */}
        <DisclosureChevron open={false} className="h-4 w-4 group-has-[:popover-open]/flyout:rotate-180" />
      </button>
      {/* A popover sits in the top layer, out of the header's layout: anchor positioning puts
          it under the button, centred on it. The transparent top padding bridges the gap, so
          the pointer reaches the panel without leaving the menu. The browser's popover colours
          and scrolling are reset; `overflow-visible` keeps the card's shadow. */}
      <div
        id={panelId}
        popover="auto"
        className="w-[min(44rem,90vw)] overflow-visible bg-transparent pt-3 text-inherit [position-anchor:--products-flyout] [position-area:bottom]"
      >
        <div className="grid gap-2 rounded-2xl border border-ink-100 bg-white p-4 shadow-xl lg:grid-cols-[1fr_15rem]">
          <ul className="grid gap-1 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} className="flex gap-3 rounded-xl p-3 hover:bg-brand-50 focus-visible:bg-brand-50">
                  <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                    {item.icon}
                  </span>
                  <span>
                    <span className="block font-semibold text-ink-900">{item.title}</span>
                    <span className="block text-sm text-ink-600">{item.description}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <div className="flex flex-col justify-between gap-3 rounded-xl bg-ink-900 p-4 text-white">
            <p className="text-sm leading-relaxed">{promo.text}</p>
            <a
              href={promo.href}
              className="self-start rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-brand-50"
            >
              {promo.cta}
              {promo.ctaDetail && <span className="sr-only"> {promo.ctaDetail}</span>}
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}
