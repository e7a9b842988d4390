import type { ReactNode } from 'react';
import { WhatsAppLink } from '@/components/whatsapp-link';
import { siteConfig } from '@/lib/site-config';

/** 'Got Questions?' at #contact-us (spec "Screens and routes"): the enquiry form (an island, `children`), and the address for those who prefer email. */
export function ContactSection({ children }: { children: ReactNode }) {
  return (
    <section id="contact-us" aria-labelledby="contact-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1.5fr] lg:px-8">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold text-ink-900">
            Got Questions?
          </h2>
          <p className="mt-3 text-ink-700">
            Ask about plans, migrations, deliverability or anything else. Someone from our team answers every message,
            usually within one working day.
          </p>
          <p className="mt-3 text-ink-700">
            Prefer email? Write to{' '}
            <a className="underline" href={`mailto:${siteConfig.contactEmail}`}>
              {siteConfig.contactEmail}
            </a>
            .
          </p>
          <WhatsAppLink message="Hello Growmail, I have a question" lead="Rather chat?" className="mt-3 text-ink-700" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8">{children}</div>
      </div>
    </section>
  );
}
