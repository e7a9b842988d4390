import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';
import { WhatsAppLink } from '@/components/whatsapp-link';
import { SalesEmail } from '@/components/sales-email';

/** 'Got Questions?' at #contact-us (spec "Screens and routes"): the enquiry form (an island, `children`), and the address for those who prefer email. */
const words = {
  en: {
    title: 'Got Questions?',
    lead: 'Ask about plans, migrations, deliverability or anything else. Someone from our team answers every message, usually within one working day.',
    email: 'Prefer email? Write to',
    whatsApp: 'Hello Growmail, I have a question',
    chat: 'Rather chat?',
  },
  fr: {
    title: 'Des questions\u202f?',
    lead: 'Offres, migration, délivrabilité ou autre chose\u202f: posez votre question. Un membre de notre équipe répond à chaque message, en général sous un jour ouvré.',
    email: 'Vous préférez l’email\u202f? Écrivez à',
    whatsApp: 'Bonjour Growmail, j’ai une question',
    chat: 'Envie d’échanger en direct\u202f?',
  },
} satisfies Record<Language, Record<string, string>>;

export function ContactSection({ children, language = 'en' }: { children: ReactNode; language?: Language }) {
  const text = words[language];
  return (
    <section id="contact-us" aria-labelledby="contact-title" className="scroll-mt-24 bg-ink-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1.5fr] lg:px-8">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold text-ink-900">
            {text.title}
          </h2>
          <p className="mt-3 text-ink-700">{text.lead}</p>
          <SalesEmail lead={text.email} className="mt-3 text-ink-700" />
          <WhatsAppLink language={language} message={text.whatsApp} lead={text.chat} className="mt-3 text-ink-700" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8">{children}</div>
      </div>
    </section>
  );
}
