/** The pricing section (D9), on home at #pricing and on /pricing. The pricing issue builds it out. */
export function PricingSection({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24">
      <div className="mx-auto max-w-7xl px-4 py-16 lg:px-8">
        <Heading id="pricing-title" className="text-3xl font-bold text-ink-900">
          Pricing
        </Heading>
        <p className="mt-3 text-ink-700">Start free with 1,000 credits, then pay as you grow.</p>
      </div>
    </section>
  );
}
