import { Quote } from 'lucide-react';
import type { Testimonial } from '@growmail/contracts/content/schemas';

/**
 * One customer's words, with their name, role, company and portrait, marked with the language they
 * were said in, since a French page quotes English customers in their own words (D43). The caption
 * keeps room for a role on two lines, so that a card's height depends on its quote alone.
 */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure
      lang={testimonial.language}
      className="flex h-full flex-col rounded-2xl border border-ink-100 bg-white p-6 shadow-sm md:p-8"
    >
      <Quote aria-hidden="true" className="h-8 w-8 text-brand-600" />
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink-900 md:text-xl">
        <p>{testimonial.content}</p>
      </blockquote>
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
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
