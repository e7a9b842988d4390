import { ContactSection } from '@/components/contact/contact-section';
import { FeaturesSection } from '@/components/home/features-section';
import { Hero } from '@/components/home/hero';
import { InTheNews } from '@/components/home/in-the-news';
import { OnboardingSection } from '@/components/home/onboarding-section';
import { ProofBand } from '@/components/home/proof-band';
import { JsonLd } from '@/components/json-ld';
import { PartnerCarousel } from '@/components/partners/partner-carousel';
import { PricingSection } from '@/components/pricing/pricing-section';
import { GetStartedCta } from '@/components/products/get-started-cta';
import { TestimonialsSection } from '@/components/testimonials/testimonials-section';
import { home } from '@/lib/content/home';
import { pageMetadata } from '@/lib/metadata';
import { siteConfig } from '@/lib/site-config';
import { organizationData, websiteData } from '@/lib/structured-data';

export const metadata = pageMetadata({
  title: `${siteConfig.name} — ${siteConfig.tagline}`,
  description: siteConfig.description,
  path: '/',
  absoluteTitle: true,
});

/** The home page, in the order of D4. */
export default function HomePage() {
  return (
    <>
      <JsonLd data={organizationData()} />
      <JsonLd data={websiteData()} />
      <Hero />
      <PartnerCarousel />
      <FeaturesSection />
      <OnboardingSection />
      <ProofBand />
      <TestimonialsSection />
      <PricingSection />
      <GetStartedCta
        title={home.closing.title}
        lead={home.closing.lead}
        cta={home.closing.cta}
        location="get-started"
      />
      <InTheNews />
      <ContactSection />
    </>
  );
}
