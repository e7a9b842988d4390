import type { Language } from '@growmail/contracts/language';
import { GetStartedLink } from '@/components/get-started-link';
import type { FeatureBlock as Block } from '@growmail/contracts/content/schemas';
import { appLinks } from '@/lib/runtime';
import { FeatureIcon } from './feature-icon';

/** Colour sets per block; every text pair here is at least 4.5:1. */
const themes = {
  brand: { panel: 'bg-brand-50', chip: 'bg-brand-700', eyebrow: 'text-brand-800', tick: 'before:bg-brand-700' },
  sky: { panel: 'bg-sky-50', chip: 'bg-sky-700', eyebrow: 'text-sky-800', tick: 'before:bg-sky-700' },
  violet: { panel: 'bg-violet-50', chip: 'bg-violet-700', eyebrow: 'text-violet-800', tick: 'before:bg-violet-700' },
  amber: { panel: 'bg-amber-50', chip: 'bg-amber-700', eyebrow: 'text-amber-800', tick: 'before:bg-amber-700' },
} satisfies Record<Block['colour'], unknown>;

const taglines = {
  en: { inbox: 'Inbox', channels: 'Channels', personalisation: 'Personalisation', report: 'Reports' },
  fr: { inbox: 'Boîte de réception', channels: 'Canaux', personalisation: 'Personnalisation', report: 'Rapports' },
} satisfies Record<Language, Record<Block['tagline'], string>>;

/** A feature block (spec "Screens and routes"): tagline, title, description, benefits and a call to action beside a visual. */
export function FeatureBlock({
  block,
  headingLevel: Heading = 'h3',
  language = 'en',
}: {
  block: Block;
  headingLevel?: 'h2' | 'h3';
  language?: Language;
}) {
  const theme = themes[block.colour];
  return (
    <article className="grid items-center gap-8 md:grid-cols-2 lg:gap-16" data-direction={block.direction}>
      <div>
        <p className={`text-sm font-bold tracking-wide uppercase ${theme.eyebrow}`}>
          {taglines[language][block.tagline]}
        </p>
        <Heading className="mt-2 text-2xl font-bold tracking-tight text-ink-900 md:text-3xl">{block.title}</Heading>
        <p className="mt-4 text-lg text-ink-700">{block.description}</p>
        <ul className="mt-6 space-y-3">
          {block.benefits.map((benefit) => (
            <li key={benefit} className={`benefit-tick text-ink-900 ${theme.tick}`}>
              {benefit}
            </li>
          ))}
        </ul>
        <div className="mt-8">
          {block.link === 'register' ? (
            <GetStartedLink
              registerBase={appLinks.register}
              location={`feature-${block.tagline}`}
              className="button-primary"
            >
              {block.cta}
            </GetStartedLink>
          ) : (
            <a href={block.link} className="button-secondary">
              {block.cta}
            </a>
          )}
        </div>
      </div>
      <div
        className={`relative flex min-h-64 flex-col justify-between overflow-hidden rounded-3xl p-8 ${theme.panel} ${
          block.direction === 'text-right' ? 'md:order-first' : ''
        }`}
      >
        <span className={`flex h-14 w-14 items-center justify-center rounded-2xl text-white shadow-sm ${theme.chip}`}>
          <FeatureIcon name={block.icon} className="h-7 w-7" />
        </span>
        <div aria-hidden="true" className="absolute -top-10 -right-10 h-48 w-48 rounded-full bg-white/60" />
        <p className="relative mt-10">
          <span className="block text-5xl font-extrabold tracking-tight text-ink-900">{block.highlight.value}</span>
          <span className="mt-1 block text-ink-700">{block.highlight.label}</span>
        </p>
      </div>
    </article>
  );
}

/** Four blocks, alternating sides as their content says. */
export function FeatureBlocks({
  blocks,
  headingLevel,
  language,
}: {
  blocks: readonly Block[];
  headingLevel?: 'h2' | 'h3';
  language?: Language;
}) {
  return (
    <div className="space-y-20 lg:space-y-28">
      {blocks.map((block) => (
        <FeatureBlock key={block.title} block={block} headingLevel={headingLevel} language={language} />
      ))}
    </div>
  );
}
