import { HeroActions } from '@/components/hero-actions';
import { home } from '@/lib/content/home';
import { siteConfig } from '@/lib/site-config';

/** The home page's opening: the tagline and both calls to action. */
export function Hero() {
  return (
    <section id="hero" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 text-center lg:px-8 lg:py-28">
        <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
          Email, SMS, web push and analytics in one platform
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-ink-900 md:text-5xl xl:text-6xl">
          {siteConfig.tagline}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-700">{home.heroLead}</p>
        <HeroActions location="hero" />
        <p className="mt-4 text-sm text-ink-600">1,000 free credits. No card needed.</p>
      </div>
    </section>
  );
}
