import type { Language } from '@growmail/contracts/language';
import { GetStartedLink } from '@/components/get-started-link';
import { FeatureIcon } from '@/components/products/feature-icon';
import type { Product } from '@/lib/content/products';
import { inLanguage } from '@/lib/language';
import { appLinks, demoLink, runtime } from '@/lib/runtime';
import type { BrandWords } from '@growmail/contracts/content/schemas';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';
import { LanguageLink } from './language-link';
import { MobileMenu } from './mobile-menu';
import { ProductsFlyout } from './products-flyout';

const words = {
  en: {
    demo: 'Get a demo',
    start: 'Get started free',
    home: `${siteConfig.name} home`,
    main: 'Main',
    products: 'Products',
    learnMore: 'Learn More',
    learnMoreDetail: 'about the startup program',
    pricing: 'Pricing',
    calculator: 'Savings calculator',
    blog: 'Blog',
  },
  fr: {
    demo: 'Demander une démo',
    start: 'Commencer gratuitement',
    home: `Accueil ${siteConfig.name}`,
    main: 'Principale',
    products: 'Produits',
    learnMore: 'En savoir plus',
    learnMoreDetail: 'sur le programme startup',
    pricing: 'Tarifs',
    calculator: 'Calculateur d’économies',
    blog: 'Blog (en anglais)',
  },
} satisfies Record<Language, Record<string, string>>;

type Props = {
  /** The page's language (D37); English when unset. */
  language?: Language;
  /** The page's own path, for the link to its twin in the other language. */
  path: string;
  /** The product pages in the page's language (`contentFrom`). */
  products: readonly Product[];
  /** The brand's words in the page's language (`contentFrom`). */
  brand: BrandWords;
};

/** The main site header (spec "Screens and routes"): desktop navigation from 768 px, a menu below it. */
export function SiteHeader({ language = 'en', path, products, brand }: Props) {
  const text = words[language];
  const local = (route: string) => inLanguage(route, language);
  // French labels run about a fifth longer: the desktop navigation takes over from 1024 px, not 768.
  const roomy = language === 'fr';
  const actions = (location: string) => (
    <>
      <a href={demoLink(language)} className="button-secondary">
        {text.demo}
      </a>
      <GetStartedLink registerBase={appLinks.register} location={location} className="button-primary">
        {text.start}
      </GetStartedLink>
    </>
  );

  return (
    <header className="relative z-30 border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:h-20 lg:px-8">
        <a href={local('/')} className="rounded-lg" aria-label={text.home}>
          <BrandLogo compact />
        </a>
        <nav aria-label={text.main} className={roomy ? 'hidden lg:block' : 'hidden md:block'}>
          <ul className="flex items-center gap-1 lg:gap-3">
            <li>
              <ProductsFlyout
                label={text.products}
                items={products.map((product) => ({
                  href: product.path,
                  title: product.title,
                  description: product.navDescription,
                  icon: <FeatureIcon name={product.icon} className="h-5 w-5" />,
                }))}
                promo={{
                  text: brand.startupPromo,
                  href: local('/startup'),
                  cta: text.learnMore,
                  ctaDetail: text.learnMoreDetail,
                }}
              />
            </li>
            <li>
              <a href={`${local('/')}#pricing`} className="nav-link">
                {text.pricing}
              </a>
            </li>
            <li>
              <a href={local('/calculator')} className="nav-link">
                {text.calculator}
              </a>
            </li>
            <li>
              <a href={runtime.urls.blog} hrefLang="en" className="nav-link">
                {text.blog}
              </a>
            </li>
            <li>
              <LanguageLink path={path} language={language} className="nav-link" short />
            </li>
          </ul>
        </nav>
        <div className={roomy ? 'hidden items-center gap-3 lg:flex' : 'hidden items-center gap-2 md:flex lg:gap-3'}>
          {actions('header')}
        </div>
        <MobileMenu
          language={language}
          until={roomy ? 'lg' : 'md'}
          products={products.map(({ path: href, title }) => ({ href, title }))}
          links={[
            { href: runtime.urls.blog, label: text.blog },
            { href: `${local('/')}#pricing`, label: text.pricing },
            { href: local('/calculator'), label: text.calculator },
          ]}
          actions={actions('mobile-menu')}
        >
          <LanguageLink
            path={path}
            language={language}
            className="block rounded-lg px-3 py-3 font-medium text-ink-900"
          />
        </MobileMenu>
      </div>
    </header>
  );
}
