import type { ReactNode } from 'react';
import { GetStartedLink } from '@/components/get-started-link';
import { appLinks } from '@/lib/runtime';
import { BrandLogo } from './brand-logo';

/**
 * The developer docs header (spec "Screens and routes"): the logo to /developers, Log In and
 * Sign Up to the app, and the docs search, an island the layout places (src/layouts/Docs.astro).
 *
 * The cluster sits against the right edge, so a label that widened or narrowed would move every
 * button left of it. Each label therefore holds the width of its widest fallback face (in em, so
 * it follows the text size): when the brand font lands after the first layout, nothing moves.
 */
export function DocsHeader({ search }: { search?: ReactNode }) {
  return (
    <header className="border-b border-ink-100 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 lg:px-8">
        <a href="/developers" className="flex items-center gap-2 rounded-lg">
          <BrandLogo narrow />
          <span className="hidden rounded-md bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800 sm:inline">
            Docs
          </span>
        </a>
        <div className="flex items-center gap-1.5 sm:gap-2">
          {search}
          <a href={appLinks.login} className="button-secondary max-md:px-3">
            <span className="min-w-[3.6em] text-center">Log In</span>
          </a>
          <GetStartedLink
            registerBase={appLinks.register}
            location="developers-header"
            className="button-primary max-md:px-3"
          >
            <span className="min-w-[4.5em] text-center">Sign Up</span>
          </GetStartedLink>
        </div>
      </div>
    </header>
  );
}
