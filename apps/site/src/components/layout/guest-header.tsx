import { appLinks } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';

/** The slim header of the demo and startup pages: the logo home, and Log In to the app. */
export function GuestHeader() {
  return (
    <header className="border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 lg:px-8">
        <a href="/" className="rounded-lg" aria-label={`${siteConfig.name} home`}>
          <BrandLogo />
        </a>
        <a href={appLinks.login} className="button-secondary">
          Log In
        </a>
      </div>
    </header>
  );
}
