import { GetStartedLink } from '@/components/get-started-link';
import { FeatureIcon } from '@/components/products/feature-icon';
import { products } from '@/lib/content/products';
import { appLinks, runtime } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';
import { MobileMenu } from './mobile-menu';
import { ProductsFlyout } from './products-flyout';

/** The main site header (spec "Screens and routes"): desktop navigation from 768 px, a menu below it. */
export function SiteHeader() {
  const actions = (location: string) => (
    <>
      <a href={appLinks.demo} className="button-secondary">
        Get a demo
      </a>
      <GetStartedLink registerBase={appLinks.register} location={location} className="button-primary">
        Get started free
      </GetStartedLink>
    </>
  );

  return (
    <header className="relative z-30 border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:h-20 lg:px-8">
        <a href="/" className="rounded-lg" aria-label={`${siteConfig.name} home`}>
          <BrandLogo compact />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-3">
            <li>
              <ProductsFlyout
                label="Products"
                items={products.map((product) => ({
                  href: product.path,
                  title: product.title,
                  description: product.navDescription,
                  icon: <FeatureIcon name={product.icon} className="h-5 w-5" />,
                }))}
                promo={{
                  text: siteConfig.startupPromo,
                  href: '/startup',
                  cta: 'Learn More',
                  ctaDetail: 'about the startup program',
                }}
              />
            </li>
            <li>
              <a href="/#pricing" className="nav-link">
                Pricing
              </a>
            </li>
            <li>
              <a href="/calculator" className="nav-link">
                Savings calculator
              </a>
            </li>
            <li>
              <a href={runtime.urls.blog} className="nav-link">
                Blog
              </a>
            </li>
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex lg:gap-3">{actions('header')}</div>
        <MobileMenu
          products={products.map(({ path, title }) => ({ href: path, title }))}
          links={[
            { href: runtime.urls.blog, label: 'Blog' },
            { href: '/#pricing', label: 'Pricing' },
            { href: '/calculator', label: 'Savings calculator' },
          ]}
          actions={actions('mobile-menu')}
        />
      </div>
    </header>
  );
}
