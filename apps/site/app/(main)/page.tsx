import { ContactSection } from '@/components/contact/contact-section';
import { GetStartedLink } from '@/components/get-started-link';
import { PricingSection } from '@/components/pricing/pricing-section';
import { pageMetadata } from '@/lib/metadata';
import { appLinks } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';

export const metadata = pageMetadata({
  title: `${siteConfig.name} — ${siteConfig.tagline}`,
  description: siteConfig.description,
  path: '/',
});

export default function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center lg:px-8 lg:py-28">
          <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight text-ink-900 md:text-5xl xl:text-6xl">
            {siteConfig.tagline}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-700">
            Turn one-time buyers into loyal customers with campaigns, automations and transactional email that reach the
            inbox — all from one platform.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <GetStartedLink registerBase={appLinks.register} location="hero" className="button-primary">
              Get started free
            </GetStartedLink>
            <a href={appLinks.demo} className="button-secondary">
              Get a demo
            </a>
          </div>
        </div>
      </section>
      <PricingSection />
      <ContactSection />
    </>
  );
}
