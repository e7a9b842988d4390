import type { Heading } from '@/lib/docs/markdown';

/** The page's sections: a sticky column on wide screens, a disclosure above the text elsewhere. */
export function TableOfContents({ headings, variant }: { headings: Heading[]; variant: 'aside' | 'inline' }) {
  if (headings.length === 0) return null;
  const list = (
    <ul className="flex flex-col gap-1.5 text-sm">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a href={`#${heading.id}`} className="text-ink-700 hover:text-brand-800">
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
  if (variant === 'inline') {
    return (
      <details className="my-6 rounded-xl border border-ink-100 px-4 py-3 xl:hidden">
        <summary className="cursor-pointer text-sm font-semibold text-ink-900">On this page</summary>
        <div className="mt-3">{list}</div>
      </details>
    );
  }
  return (
    <nav aria-label="On this page" className="hidden xl:sticky xl:top-6 xl:block xl:self-start xl:py-10">
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-ink-700 uppercase">On this page</h2>
      {list}
    </nav>
  );
}
