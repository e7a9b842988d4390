import type { ChangelogEntry } from '@/lib/docs/changelog';
import { DocsNav } from './docs-nav';

type Props = {
  path: string;
  title: string;
  description: string;
  feedPath: string;
  entries: ChangelogEntry[];
};

/** The body of an entry, Markdown rendered at build, in the docs' prose styles. */
const prose =
  'text-ink-700 leading-7 [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_code]:rounded [&_code]:bg-ink-50 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-ink-900 [&_code]:break-words';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** /developers/changelog: the entries newest first, each with its date, API version, whether it breaks, and the operations it touches. */
export function Changelog({ path, title, description, feedPath, entries }: Props) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10 lg:px-8">
      <DocsNav currentPath={path} />
      <main id="main" tabIndex={-1} className="min-w-0 py-8 focus:outline-none lg:py-10">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-ink-900 lg:text-4xl">{title}</h1>
          <p className="mt-3 text-lg text-ink-700">{description}</p>
          <p className="mt-3 text-ink-700">
            Follow it in a feed reader:{' '}
            <a href={feedPath} className="font-medium text-brand-800 underline underline-offset-4">
              the Atom feed
            </a>
            .
          </p>
          <ol className="mt-10 flex flex-col gap-10">
            {entries.map((entry) => (
              <li key={entry.slug}>
                <article aria-labelledby={`${entry.slug}-title`} className="border-t border-ink-100 pt-6">
                  <h2 id={entry.slug} className="scroll-mt-24 text-2xl font-bold text-ink-900">
                    <span id={`${entry.slug}-title`}>{entry.title}</span>
                  </h2>
                  <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-700">
                    <div className="flex gap-1.5">
                      <dt className="font-semibold text-ink-900">Date</dt>
                      <dd>
                        <time dateTime={entry.date}>{dateFormat.format(new Date(`${entry.date}T00:00:00Z`))}</time>
                      </dd>
                    </div>
                    <div className="flex gap-1.5">
                      <dt className="font-semibold text-ink-900">API version</dt>
                      <dd className="font-mono">{entry.version}</dd>
                    </div>
                    <div className="flex gap-1.5">
                      <dt className="font-semibold text-ink-900">Breaking</dt>
                      <dd className={entry.breaking ? 'font-semibold text-red-800' : undefined}>
                        {entry.breaking ? 'Yes: clients must change' : 'No'}
                      </dd>
                    </div>
                  </dl>
                  <div className={`mt-2 ${prose}`} dangerouslySetInnerHTML={{ __html: entry.html }} />
                  {entry.operations.length > 0 && (
                    <p className="mt-3 text-sm text-ink-700">
                      <span className="font-semibold text-ink-900">Operations: </span>
                      {entry.operations.map((operation, index) => (
                        <span key={operation.id}>
                          {index > 0 && ', '}
                          <a
                            href={operation.path}
                            className="font-mono font-medium text-brand-800 underline underline-offset-4"
                          >
                            {operation.id}
                          </a>
                        </span>
                      ))}
                    </p>
                  )}
                </article>
              </li>
            ))}
          </ol>
        </div>
      </main>
    </div>
  );
}
