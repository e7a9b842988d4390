import { highlight } from '@/lib/docs/highlight';
import { CopyButton } from './copy-button';

/** A code block highlighted at build, with a copy button. */
export async function CodeBlock({ code, language, title }: { code: string; language: string; title?: string }) {
  const html = await highlight(code, language);
  return (
    <figure className="my-5 overflow-hidden rounded-xl border border-ink-100">
      <figcaption className="flex items-center justify-between gap-2 border-b border-ink-100 bg-ink-50 px-3 py-1.5">
        <span className="text-xs font-semibold text-ink-700">{title ?? language}</span>
        <CopyButton text={code} />
      </figcaption>
      <div
        className="text-sm [&_pre]:overflow-x-auto [&_pre]:p-4 [&_pre]:leading-relaxed [&_pre]:focus-visible:outline-offset-[-2px]"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </figure>
  );
}
