import { formatDate } from '@growmail/contracts/dates';
import type { Language } from '@growmail/contracts/language';
import type { LegalDocument as Document } from '@growmail/contracts/content/schemas';

const dateOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', dateOptions),
  fr: new Intl.DateTimeFormat('fr', dateOptions),
};
const words = {
  en: { updated: 'Last updated', contents: 'Contents' },
  fr: { updated: 'Dernière mise à jour\u202f:', contents: 'Sommaire' },
} satisfies Record<Language, Record<string, string>>;

/** A policy page: title, date, a table of contents and numbered sections with anchors. */
export function LegalDocument({ document, language = 'en' }: { document: Document; language?: Language }) {
  const text = words[language];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 lg:px-8 lg:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink-900 lg:text-5xl">{document.title}</h1>
        <p className="mt-3 text-ink-600">
          {text.updated}{' '}
          <time dateTime={document.updated}>{formatDate(dateFormats[language], new Date(document.updated))}</time>
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-labelledby="contents-title" className="lg:sticky lg:top-8 lg:self-start">
          <h2 id="contents-title" className="text-sm font-semibold tracking-wide text-ink-600 uppercase">
            {text.contents}
          </h2>
          <ol className="mt-3 space-y-2 border-l border-ink-100 pl-4 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-ink-700 underline-offset-4 hover:text-brand-800 hover:underline"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-ink-700">
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 pt-6"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-bold text-ink-900">
                <a href={`#${section.id}`} className="hover:underline">
                  {index + 1}. {section.heading}
                </a>
              </h2>
              <div className="mt-3 space-y-4">
                {section.body.map((block, blockIndex) =>
                  typeof block === 'string' ? (
                    <p key={blockIndex}>{block}</p>
                  ) : (
                    <ul key={blockIndex} className="list-disc space-y-2 pl-6">
                      {block.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
