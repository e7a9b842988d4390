import type { Language } from '@growmail/contracts/language';
import { GetStartedLink } from '@/components/get-started-link';
import { appLinks, demoLink } from '@/lib/runtime';

/**
 * The two calls to action under a page's headline: sign up free, or book a demo. `location`
 * names the place for the sign-up link.
 */
export function HeroActions({ location, language = 'en' }: { location: string; language?: Language }) {
  const fr = language === 'fr';
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <GetStartedLink registerBase={appLinks.register} location={location} className="button-primary">
        {fr ? 'Commencer gratuitement' : 'Get started free'}
      </GetStartedLink>
      <a href={demoLink(language)} className="button-secondary">
        {fr ? 'Demander une démo' : 'Get a demo'}
      </a>
    </div>
  );
}
