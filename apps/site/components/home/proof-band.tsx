import { home } from '@/lib/content/home';

/** The headline numbers (D3, D4). */
export function ProofBand() {
  return (
    <section id="proof" aria-labelledby="proof-title" className="scroll-mt-24 bg-ink-900">
      <div className="mx-auto max-w-7xl px-4 py-14 lg:px-8">
        <h2 id="proof-title" className="sr-only">
          Growmail in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {home.proof.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-ink-100 md:text-base">{fact.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-white md:text-4xl">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
