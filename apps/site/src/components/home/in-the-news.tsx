import { formatDate } from '@growmail/contracts/dates';
import type { Language } from '@growmail/contracts/language';
import { ExternalLink } from 'lucide-react';
import { PageSection } from '@/components/page-section';
import { press } from '@/lib/content/press';

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** 'In The News.': three press items in three columns that stack on small screens. */
export function InTheNews({ language = 'en' }: { language?: Language }) {
  const fr = language === 'fr';
  // The sample articles are English: on a French page their headline says so, visibly and to a
  // screen reader; the summary is Growmail's own sentence, written in French (issue 56).
  const articleLanguage = fr ? 'en' : undefined;
  return (
    <PageSection
      id="in-the-news"
      className="scroll-mt-24"
      containerClassName="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24"
      title={fr ? 'Growmail dans la presse' : 'In The News.'}
      titleClassName="text-3xl font-bold tracking-tight text-ink-900 md:text-4xl"
    >
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {press.map((item) => (
          <li key={item.href}>
            <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm">
              <img
                src={item.image}
                alt=""
                width={600}
                height={340}
                loading="lazy"
                className="aspect-[30/17] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm text-ink-600">
                  <span className="font-semibold text-ink-900">{item.publication}</span> ·{' '}
                  <time dateTime={item.date}>{formatDate(dateFormats[language], new Date(item.date))}</time>
                </p>
                <h3 className="mt-2 text-lg font-bold text-ink-900">
                  <a
                    href={item.href}
                    rel="noopener"
                    className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800"
                  >
                    <span lang={articleLanguage}>{item.headline}</span>
                    {fr && ' (en anglais)'}
                    <span className="sr-only">
                      {fr
                        ? ` (sur ${item.publication}, ouvre un autre site)`
                        : ` (on ${item.publication}, opens another site)`}
                    </span>
                    <ExternalLink aria-hidden="true" className="ml-1 inline h-4 w-4 align-baseline" />
                  </a>
                </h3>
                <p className="mt-2 text-ink-700">{fr ? item.summaryFr : item.summary}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
