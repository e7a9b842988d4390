import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';
import { WhatsAppLink } from '@/components/whatsapp-link';
import type { Product } from '@/lib/content/products';
import { inLanguage } from '@/lib/language';
import { appLinks, runtime } from '@/lib/runtime';
import type { BrandWords } from '@growmail/contracts/content/schemas';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';
import { LanguageLink } from './language-link';

type FooterLink = { href: string; label: string };

const words = {
  en: {
    products: 'Products',
    company: 'Company',
    pricing: 'Pricing',
    calculator: 'Savings calculator',
    startup: 'Startup program',
    agency: 'Agency sign-up',
    blog: 'Blog',
    resources: 'Resources',
    developers: 'Developers',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    whatsApp: 'Hello Growmail, I would like to know more',
    questions: 'Questions?',
    rights: 'All rights reserved.',
    social: 'Social media',
    language: 'Language:',
  },
  fr: {
    products: 'Produits',
    company: 'Société',
    pricing: 'Tarifs',
    calculator: 'Calculateur d’économies',
    startup: 'Programme startup',
    agency: 'Devenir agence partenaire',
    blog: 'Blog (en anglais)',
    resources: 'Ressources',
    developers: 'Développeurs (en anglais)',
    terms: 'Conditions générales',
    privacy: 'Politique de confidentialité',
    whatsApp: 'Bonjour Growmail, j’aimerais en savoir plus',
    questions: 'Des questions\u202f?',
    rights: 'Tous droits réservés.',
    social: 'Réseaux sociaux',
    language: 'Langue\u202f:',
  },
} satisfies Record<Language, Record<string, string>>;

// The products come from their files (content/products), linked by the spec's own spellings where it
// gives one (spec "Screens and routes" Footer); the server resolves each to its page (D5). The
// developer docs stay in English (D37): French pages link to them and say so.
const columnsIn = (language: Language, products: readonly Product[]): { title: string; links: FooterLink[] }[] => {
  const text = words[language];
  const local = (route: string) => inLanguage(route, language);
  return [
    {
      title: text.products,
      links: products.map((product) => ({
        href: product.footerPath ?? product.path,
        label: product.title,
      })),
    },
    {
      title: text.company,
      links: [
        { href: `${local('/')}#pricing`, label: text.pricing },
        { href: local('/calculator'), label: text.calculator },
        { href: local('/startup'), label: text.startup },
        { href: appLinks.agencyRegister, label: text.agency },
        { href: runtime.urls.blog, label: text.blog },
      ],
    },
    {
      title: text.resources,
      links: [
        { href: '/developers', label: text.developers },
        { href: local('/terms'), label: text.terms },
        { href: local('/privacy'), label: text.privacy },
      ],
    },
  ];
};

type Props = {
  language?: Language;
  /** The page's own path, for the link to its twin in the other language. */
  path: string;
  /** The product pages in the page's language (`contentFrom`). */
  products: readonly Product[];
  /** The brand's words in the page's language (`contentFrom`). */
  brand: BrandWords;
  /** The subscribe box, an island the route shell places (src/layouts/Main.astro). */
  newsletter?: ReactNode;
  /** The web push prompt (D19), another island. */
  productUpdates?: ReactNode;
};

/** The site footer (spec "Screens and routes"). */
export function SiteFooter({ language = 'en', path, products, brand, newsletter, productUpdates }: Props) {
  const text = words[language];
  return (
    <footer className="border-t border-ink-100 bg-ink-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandLogo />
          <p className="max-w-sm text-sm text-ink-700">{brand.description}</p>
          <WhatsAppLink
            language={language}
            message={text.whatsApp}
            lead={text.questions}
            className="text-sm text-ink-700"
          />
          {newsletter}
        </div>
        {columnsIn(language, products).map((column) => (
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
            © {new Date().getFullYear()} {siteConfig.name}. {text.rights}
          </p>
          <p>
            <span className="sr-only">{text.language} </span>
            <LanguageLink path={path} language={language} className="footer-link" />
          </p>
          {productUpdates}
          <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label={text.social}>
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
