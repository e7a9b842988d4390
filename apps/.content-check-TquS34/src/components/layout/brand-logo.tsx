import { siteConfig } from '@/lib/site-config';

/** The Growmail mark: an envelope whose flap rises into a growth line. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M7 11.5h18v11H7z" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
      <path d="M7 11.5l9 6.5 9-6.5" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
      <path d="M20 8.5l3.5-2.5 2.5 3" fill="none" className="stroke-accent-300" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The mark and the name. `compact` keeps only the mark on tablets, where the site header is
 * tight; `narrow` keeps only the mark on the smallest phones, where the docs header is.
 */
export function BrandLogo({ compact = false, narrow = false }: { compact?: boolean; narrow?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink-900">
      <BrandMark />
      <span
        className={[compact && 'md:max-lg:sr-only', narrow && 'max-sm:sr-only'].filter(Boolean).join(' ') || undefined}
      >
        {siteConfig.name}
      </span>
    </span>
  );
}
