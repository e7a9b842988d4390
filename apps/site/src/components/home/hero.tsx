import type { Language } from '@growmail/contracts/language';
import { HeroActions } from '@/components/hero-actions';
import { homeIn } from '@/lib/content/home';
import { brandWords } from '@/lib/content/brand';

/** The home page's opening: the tagline and both calls to action. */
const words = {
  en: { eyebrow: 'Email, SMS, web push and analytics in one platform', note: '1,000 free credits. No card needed.' },
  fr: {
    eyebrow: 'Email, SMS, web push et analytique sur une seule plateforme',
    note: '1\u202f000 crédits offerts. Sans carte bancaire.',
  },
} satisfies Record<Language, Record<string, string>>;

export function Hero({ language = 'en' }: { language?: Language }) {
  const text = words[language];
  return (
    <section id="hero" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center lg:px-8 lg:py-28">
        <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
          {text.eyebrow}
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-ink-900 md:text-5xl xl:text-6xl">
          {brandWords[language].tagline}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-700">{homeIn[language].heroLead}</p>
        <HeroActions location="hero" language={language} />
        <p className="mt-4 text-sm text-ink-600">{text.note}</p>
      </div>
    </section>
  );
}
