import type { Partner, Testimonial } from '@growmail/contracts/content/schemas';
import type { Language } from '@growmail/contracts/language';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';

type Props = {
  language?: Language | undefined;
  /** The partners whose logos it shows, the first four. */
  partners: readonly Partner[];
  /** The testimonial it quotes. */
  testimonial: Testimonial | undefined;
};

/** Below the demo form: who already uses Growmail, and what one of them says. */
export function DemoProof({ language = 'en', partners, testimonial }: Props) {
  return (
    <>
      <div className="flex flex-col justify-center">
        <PartnerLogos
          partners={partners}
          count={4}
          label={language === 'fr' ? 'Ils développent leur activité avec Growmail' : 'Teams growing with Growmail'}
        />
      </div>
      {testimonial && <TestimonialCard testimonial={testimonial} language={language} />}
    </>
  );
}
