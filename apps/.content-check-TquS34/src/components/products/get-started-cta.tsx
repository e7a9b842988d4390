import type { Language } from '@growmail/contracts/language';
import { GetStartedLink } from '@/components/get-started-link';
import { PageSection } from '@/components/page-section';
import { appLinks, demoLink } from '@/lib/runtime';

/** The closing call to action: sign up free or book a demo. */
export function GetStartedCta({
  title,
  lead,
  location,
  cta,
  language = 'en',
}: {
  language?: Language;
  title: string;
  lead: string;
  /** The sign-up button's words. */
  cta?: string;
  /** Names the button's place for the sign-up link's `location`. */
  location: string;
}) {
  return (
    <PageSection
      id={location}
      className="scroll-mt-24 bg-brand-900"
      containerClassName="mx-auto flex max-w-7xl flex-col items-center px-4 py-16 text-center lg:px-8 lg:py-20"
      title={title}
      titleClassName="max-w-3xl text-3xl font-bold tracking-tight text-white md:text-4xl"
    >
      <p className="mt-4 max-w-2xl text-lg text-brand-100">{lead}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <GetStartedLink
          registerBase={appLinks.register}
          location={location}
          className="inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
        >
          {cta ?? (language === 'fr' ? 'Commencer gratuitement' : 'Get started free')}
        </GetStartedLink>
        <a
          href={demoLink(language)}
          className="inline-flex items-center justify-center rounded-lg border border-brand-200 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {language === 'fr' ? 'Demander une démo' : 'Get a demo'}
        </a>
      </div>
    </PageSection>
  );
}
