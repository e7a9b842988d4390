import { Carousel } from '@/components/carousel/carousel';
import { partners } from '@/lib/content/partners';
import { PartnerLogo } from './partner-logo';

/** The partner-logo carousel of the home and product pages (spec "Business constants"): all 12 logos. */
export function PartnerCarousel() {
  return (
    <section aria-labelledby="partners-title" className="border-y border-ink-100 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
        <h2 id="partners-title" className="text-center text-sm font-semibold tracking-wide text-ink-600 uppercase">
          Trusted by growing businesses
        </h2>
        <Carousel
          label="Partner logos"
          slideLabels={partners.map((partner) => partner.name)}
          className="mt-6"
          slideClassName="flex items-center justify-center px-3 md:px-6"
        >
          {partners.map((partner) => (
            <PartnerLogo key={partner.name} partner={partner} />
          ))}
        </Carousel>
      </div>
    </section>
  );
}
