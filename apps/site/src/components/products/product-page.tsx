import type { Language } from '@growmail/contracts/language';
import type { ReactNode } from 'react';
import { JsonLd } from '@/components/json-ld';
import { HeroActions } from '@/components/hero-actions';
import type { PageMeta } from '@/components/layout/page-head';
import { productFaqsIn } from '@/lib/content/faqs';
import type { Product } from '@/lib/content/products';
import { faqPageData } from '@/lib/structured-data';
import { FaqAccordion } from './faq-accordion';
import { FeatureBlocks } from './feature-block';
import { FeatureIcon } from './feature-icon';
import { GetStartedCta } from './get-started-cta';

export const productMeta = ({ title, description, path }: Product, language: Language = 'en'): PageMeta => ({
  title,
  description,
  path,
  ...(language === 'en' ? {} : { language }),
});

const words = {
  en: {
    does: (title: string) => `What ${title} does`,
    start: (title: string) => `Start with ${title} today`,
    lead: 'Create a free account in under 2 minutes and send your first campaign with 1,000 free credits.',
  },
  fr: {
    does: (title: string) => `${title} en pratique`,
    start: () => 'Lancez-vous dès aujourd’hui',
    lead: 'Créez un compte gratuit en moins de deux minutes et envoyez votre première campagne avec 1\u202f000 crédits offerts.',
  },
};

/**
 * A feature page (spec "Screens and routes"): hero, partner carousel, four feature blocks, the product's
 * picture when it has one, the FAQ and a closing call to action. The footer comes from the layout, the
 * carousel (an island) and the picture (astro:assets) from the route shell.
 */
export function ProductPage({
  product,
  carousel,
  picture,
  language = 'en',
}: {
  product: Product;
  carousel?: ReactNode;
  picture?: ReactNode;
  language?: Language;
}) {
  const { slug, hero } = product;
  const text = words[language];
  const productFaqs = productFaqsIn[language];
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center lg:px-8 lg:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <FeatureIcon name={product.icon} className="h-4 w-4" />
            {hero.eyebrow}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-ink-900 md:text-5xl">{product.title}</h1>
          <p className="mx-auto mt-4 max-w-3xl text-2xl font-semibold text-ink-900 md:text-3xl">{hero.headline}</p>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-700">{hero.lead}</p>
          <HeroActions location={`${slug}-hero`} language={language} />
        </div>
      </section>
      {carousel}
      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <h2 id="features-title" className="sr-only">
          {text.does(product.title)}
        </h2>
        <FeatureBlocks blocks={product.blocks} language={language} />
      </section>
      {/* After the blocks, never in the first screen: lazy there, it cannot be the largest paint. */}
      {picture}
      <FaqAccordion faqs={productFaqs} language={language} />
      {/* Beside the questions it describes, not before the first screen: 0.5 KB of brotli there (issue 41). */}
      <JsonLd data={faqPageData(productFaqs)} />
      <GetStartedCta
        title={text.start(product.title)}
        lead={text.lead}
        location={`${slug}-get-started`}
        language={language}
      />
    </>
  );
}
