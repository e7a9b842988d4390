import { GetStartedLink } from '@/components/get-started-link';
import { appLinks } from '@/lib/runtime';

/**
 * The two calls to action under a page's headline: sign up free, or book a demo. `location`
 * names the place for the sign-up link.
 */
export function HeroActions({ location }: { location: string }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <GetStartedLink registerBase={appLinks.register} location={location} className="button-primary">
        Get started free
      </GetStartedLink>
      <a href={appLinks.demo} className="button-secondary">
        Get a demo
      </a>
    </div>
  );
}
