import type { Language } from '@growmail/contracts/language';
import { Carousel } from '@/components/carousel/carousel';
import type { Partner } from '@growmail/contracts/content/schemas';
import { PartnerLogo } from './partner-logo';

/**
 * All 12 partner logos in the carousel. An island: the route shell hands it the partners (names
 * and logo files) from lib/content, which an island may not import.
 */
export function PartnerCarousel({ partners, language }: { partners: readonly Partner[]; language?: Language }) {
  return (
    <Carousel
      label={language === 'fr' ? 'Logos des partenaires' : 'Partner logos'}
      control={
        language === 'fr'
          ? { pause: 'Mettre en pause le défilement des logos', play: 'Reprendre le défilement des logos' }
          : { pause: 'Pause partner logos', play: 'Play partner logos' }
      }
      language={language}
      slideLabels={partners.map((partner) => partner.name)}
      className="mt-6"
      slideClassName="flex items-center justify-center px-3 md:px-6"
    >
      {partners.map((partner) => (
        <PartnerLogo key={partner.name} partner={partner} />
      ))}
    </Carousel>
  );
}
