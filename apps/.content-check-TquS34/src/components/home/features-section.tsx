import type { Language } from '@growmail/contracts/language';
import { FeatureBlocks } from '@/components/products/feature-block';
import { homeFeaturesIn } from '@/lib/content/home';

/** The four feature blocks, one per product. */
export function FeaturesSection({ language = 'en' }: { language?: Language }) {
  const fr = language === 'fr';
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-24">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-ink-900 md:text-4xl">
            {fr ? 'Tout ce qu’il faut pour faire revenir vos clients' : 'Everything you need to bring customers back'}
          </h2>
          <p className="mt-4 text-lg text-ink-700">
            {fr
              ? 'Quatre outils qui travaillent ensemble\u202f: chaque message que reçoit un client prolonge le précédent.'
              : 'Four tools that work as one, so every message a customer receives builds on the last.'}
          </p>
        </div>
        <div className="mt-16">
          <FeatureBlocks blocks={homeFeaturesIn[language]} language={language} />
        </div>
      </div>
    </section>
  );
}
