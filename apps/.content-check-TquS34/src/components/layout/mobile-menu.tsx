import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';
import { DisclosureChevron } from '@/components/ui/disclosure-chevron';

type NavLink = { href: string; label: string };

const words = {
  en: { open: 'Open menu', close: 'Close menu', nav: 'Mobile', products: 'Products' },
  fr: { open: 'Ouvrir le menu', close: 'Fermer le menu', nav: 'Mobile', products: 'Produits' },
} satisfies Record<Language, Record<string, string>>;

type Props = {
  language?: Language;
  /** The width from which the desktop navigation replaces the menu. */
  until?: 'md' | 'lg';
  /** The link to the page's twin in the other language, last in the menu's list. */
  children?: ReactNode;
  products: readonly { href: string; title: string }[];
  links: readonly NavLink[];
  /** The calls to action, rendered by the server header. */
  actions: ReactNode;
};

// The header has one mobile menu, so fixed ids are unique and the header script can name them.
const menuId = 'mobile-menu';
const productsId = 'mobile-menu-products';

// The toggle's name and icon follow the menu's state in CSS: text hidden with `display: none`
// drops out of the accessible name, so no script has to swap a label.
const whileOpen = 'hidden group-has-[:popover-open]/menu:inline';
const whileClosed = 'group-has-[:popover-open]/menu:hidden';

const MenuIcon = () => (
  <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
    <path
      className={whileClosed}
      d="M4 7h16M4 12h16M4 17h16"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
    <path className={whileOpen} d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The header below 768 px: a menu toggle, a Products accordion, then the other links; plain
 * HTML, so no page downloads React for it. The menu is a popover: the browser toggles it from
 * the button and closes it on Escape or a tap outside, with no script. The header script
 * (components/head-script.tsx) keeps `aria-expanded` in step, closes the menu when a link is
 * chosen, and runs the Products accordion (`data-disclosure`).
 */
export function MobileMenu({ language = 'en', until = 'md', products, links, actions, children }: Props) {
  const text = words[language];
  return (
    // Stretched to the header's height, so the menu anchored to it opens right under the header.
    <div
      className={`group/menu flex items-center self-stretch [anchor-name:--mobile-menu] ${until === 'lg' ? 'lg:hidden' : 'md:hidden'}`}
    >
      <button type="button" popoverTarget={menuId} aria-controls={menuId} className="-mr-2 rounded-lg p-2 text-ink-900">
        <span className={`sr-only ${whileClosed}`}>{text.open}</span>
        <span className={`sr-only ${whileOpen}`}>{text.close}</span>
        <MenuIcon />
      </button>
      {/* In the top layer, so it is placed by anchor positioning: full width under the header,
          scrolling within the screen when it is taller than what is left of it. */}
      <div
        id={menuId}
        popover="auto"
        className="max-h-full w-full border-t border-ink-100 bg-white text-inherit shadow-lg [position-anchor:--mobile-menu] [position-area:bottom]"
      >
        <nav aria-label={text.nav} className="mx-auto max-w-7xl px-4 py-4">
          <ul className="flex flex-col gap-1">
            <li>
              {/* Rendered open, so the products stay reachable if the script never runs; the
                  script closes it once the page is parsed. */}
              <button
                type="button"
                data-disclosure=""
                aria-expanded="true"
                aria-controls={productsId}
                className="group/products flex w-full items-center justify-between rounded-lg px-3 py-3 text-left font-medium text-ink-900"
              >
                {text.products}
                <DisclosureChevron open={false} className="h-5 w-5 group-aria-expanded/products:rotate-180" />
              </button>
              <ul id={productsId} className="mb-2 ml-3 border-l border-ink-100 pl-3">
                {products.map((product) => (
                  <li key={product.href}>
                    <a href={product.href} className="block rounded-lg px-3 py-2 text-ink-700">
                      {product.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="block rounded-lg px-3 py-3 font-medium text-ink-900">
                  {link.label}
                </a>
              </li>
            ))}
            {children && <li>{children}</li>}
          </ul>
          <div className="mt-4 flex flex-col gap-3 border-t border-ink-100 pt-4">{actions}</div>
        </nav>
      </div>
    </div>
  );
}
