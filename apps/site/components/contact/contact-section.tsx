import { siteConfig } from '@/lib/site-config';

/** 'Got Questions?' at #contact-us (spec §2). The lead-capture issue adds the enquiry form. */
export function ContactSection() {
  return (
    <section id="contact-us" aria-labelledby="contact-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <h2 id="contact-title" className="text-3xl font-bold text-ink-900">
          Got Questions?
        </h2>
        <p className="mt-3 text-ink-700">
          Write to us at{' '}
          <a className="underline" href={`mailto:${siteConfig.contactEmail}`}>
            {siteConfig.contactEmail}
          </a>
          .
        </p>
      </div>
    </section>
  );
}
