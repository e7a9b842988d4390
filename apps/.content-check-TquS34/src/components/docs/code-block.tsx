import type { ReactNode } from 'react';

type Props = {
  /** The code as HTML, highlighted at build (lib/docs/highlight.ts). */
  html: string;
  title: string;
  /** The copy button island, placed by src/components/docs/Code.astro. */
  copyButton?: ReactNode;
};

/** A highlighted code block under a caption with its copy button. */
export function CodeBlock({ html, title, copyButton }: Props) {
  return (
    <figure className="my-5 overflow-hidden rounded-xl border border-ink-100">
      <figcaption className="flex items-center justify-between gap-2 border-b border-ink-100 bg-ink-50 px-3 py-1.5">
        <span className="text-xs font-semibold text-ink-700">{title}</span>
        {copyButton}
      </figcaption>
      <div
        className="text-sm [&_pre]:overflow-x-auto [&_pre]:p-4 [&_pre]:leading-relaxed [&_pre]:focus-visible:outline-offset-[-2px]"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </figure>
  );
}
