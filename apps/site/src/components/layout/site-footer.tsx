import type { ReactNode } from 'react';
import { WhatsAppLink } from '@/components/whatsapp-link';
import { products } from '@/lib/content/products';
import { appLinks, runtime } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';

type FooterLink = { href: string; label: string };

// The products come from their files (content/products), linked by the spec's own spellings where it
// gives one (spec "Screens and routes" Footer); the server resolves each to its page (D5).
const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Products',
    links: products.map((product) => ({ href: product.footerPath ?? product.path, label: product.title })),
  },
  {
    title: 'Company',
    links: [
      { href: '/#pricing', label: 'Pricing' },
      { href: '/calculator', label: 'Savings calculator' },
      { href: '/startup', label: 'Startup program' },
      { href: appLinks.agencyRegister, label: 'Agency sign-up' },
      { href: runtime.urls.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/developers', label: 'Developers' },
      { href: '/terms', label: 'Terms and conditions' },
      { href: '/privacy', label: 'Privacy policy' },
    ],
  },
];

type Props = {
  /** The subscribe box, an island the route shell places (src/layouts/Main.astro). */
  newsletter?: ReactNode;
  /** The web push prompt (D19), another island. */
  productUpdates?: ReactNode;
};

/** The site footer (spec "Screens and routes"). */
export function SiteFooter({ newsletter, productUpdates }: Props) {
  return (
    <footer className="border-t border-ink-100 bg-ink-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandLogo />
          <p className="max-w-sm text-sm text-ink-700">{siteConfig.description}</p>
          <WhatsAppLink
            message="Hello Growmail, I would like to know more"
            lead="Questions?"
            className="text-sm text-ink-700"
          />
          {newsletter}
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-ink-900">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="footer-link">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-ink-100">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-ink-700 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {new Date().getFullYear()} {siteConfig.name}. All rights reserved.
          </p>
          {productUpdates}
          <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Social media">
            {siteConfig.social.map((social) => (
              <li key={social.name}>
                <a href={social.href} className="footer-link" rel="me noopener">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
