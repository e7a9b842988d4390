import type { Language } from '@growmail/contracts/language';
import { inLanguage } from '@/lib/language';
import { LanguageLink } from './language-link';
import { appLinks } from '@/lib/runtime';
import { siteConfig } from '@/lib/site-config';
import { BrandLogo } from './brand-logo';

/** The slim header of the demo and startup pages: the logo home, and Log In to the app. */
export function GuestHeader({ language = 'en', path }: { language?: Language | undefined; path: string }) {
  const fr = language === 'fr';
  return (
    <header className="border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 lg:px-8">
        <a
          href={inLanguage('/', language)}
          className="rounded-lg"
          aria-label={fr ? `Accueil ${siteConfig.name}` : `${siteConfig.name} home`}
        >
          <BrandLogo />
        </a>
        <div className="flex items-center gap-3">
          {/* Beside the logo and Log In it fits from 640 px; below, the footer's link is the page's. */}
          <LanguageLink path={path} language={language} className="nav-link max-sm:hidden" />
          <a href={appLinks.login} className="button-secondary">
            {fr ? 'Se connecter' : 'Log In'}
          </a>
        </div>
      </div>
    </header>
  );
}
