import type { Language } from '@growmail/contracts/language';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';
import { testimonials } from '@/lib/content/testimonials';

/** Below the demo form: who already uses Growmail, and what one of them says. */
export function DemoProof({ language = 'en' }: { language?: Language | undefined }) {
  return (
    <>
      <div className="flex flex-col justify-center">
        <PartnerLogos
          count={4}
          label={language === 'fr' ? 'Ils développent leur activité avec Growmail' : 'Teams growing with Growmail'}
        />
      </div>
      {testimonials.slice(0, 1).map((testimonial) => (
        <TestimonialCard key={testimonial.name} testimonial={testimonial} language={language} />
      ))}
    </>
  );
}
