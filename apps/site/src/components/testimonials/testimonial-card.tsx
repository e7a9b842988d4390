import type { Language } from '@growmail/contracts/language';
import { Quote } from 'lucide-react';
import type { Testimonial } from '@growmail/contracts/content/schemas';

/** What a card says, in the page's language, when the quote is in the other one (issue 56). */
const saidIn: Record<Language, Record<Language, string>> = {
  en: { en: '', fr: 'Testimonial in French' },
  fr: { en: 'Témoignage en anglais', fr: '' },
};

/**
 * One customer's words, with their name, role, company and portrait. The quote is marked with the
 * language it was said in, since a French page quotes English customers in their own words (D43),
 * and where that is not the page's, the card says so visibly; the role is in the page's language
 * (issue 56). The caption keeps room for a role on two lines, so that a card's height depends on
 * its quote alone.
 */
export function TestimonialCard({ testimonial, language = 'en' }: { testimonial: Testimonial; language?: Language }) {
  const note = saidIn[language][testimonial.language];
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-ink-100 bg-white p-6 shadow-sm md:p-8">
      <Quote aria-hidden="true" className="h-8 w-8 text-brand-600" />
      <blockquote lang={testimonial.language} className="mt-4 flex-1 text-lg leading-relaxed text-ink-900 md:text-xl">
        <p>{testimonial.content}</p>
      </blockquote>
      {note && <p className="mt-2 text-sm text-ink-600">{note}</p>}
      <figcaption className="mt-6 flex min-h-16 items-center gap-4">
        <img
          loading="lazy"
          decoding="async"
          src={testimonial.image}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 rounded-full"
        />
        <span>
          <span className="block font-semibold text-ink-900">{testimonial.name}</span>
          <span className="block text-sm text-ink-600">
            {language === 'fr' ? testimonial.roleFr : testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
