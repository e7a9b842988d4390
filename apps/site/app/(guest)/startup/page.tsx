import { StartupForm } from '@/components/startup/startup-form';
import { StartupProgram } from '@/components/startup/startup-program';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

export const metadata = pageMetadata({
  title: 'Start accelerating your growth today',
  description: 'Startups can get up to 70% off enterprise-grade growth tools.',
  path: '/startup',
});

export default function Page() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div className="flex flex-col gap-8">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-ink-900 lg:text-5xl">
              Start accelerating your growth today
            </h1>
            <p className="mt-4 max-w-xl text-lg text-ink-700">
              Early-stage teams get up to 70% off the same growth tools enterprises use. Apply in two minutes; we reply
              to every application.
            </p>
          </div>
          <StartupProgram />
          <PartnerLogos count={4} label="Growing with Growmail" />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8 lg:self-start">
          <h2 className="mb-4 text-xl font-semibold text-ink-900">Submit Application</h2>
          <StartupForm salesUrl={runtime.urls.sales} />
        </div>
      </div>
    </div>
  );
}
