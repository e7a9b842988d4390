import { DemoBenefits } from '@/components/demo/demo-benefits';
import { DemoForm } from '@/components/demo/demo-form';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';
import { testimonials } from '@/lib/content/testimonials';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

export const metadata = pageMetadata({
  title: 'Schedule a Free Demo',
  description: 'See how Growmail can grow revenue from the customers you already have.',
  path: '/demo',
});

export default function Page() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div className="flex flex-col gap-8">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-ink-900 lg:text-5xl">Schedule a Free Demo</h1>
            <p className="mt-4 max-w-xl text-lg text-ink-700">
              See how Growmail can grow revenue from the customers you already have. Tell us a little about your
              business and we will set up a call at a time that suits you.
            </p>
          </div>
          <DemoBenefits />
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm md:p-8 lg:self-start">
          <h2 className="mb-4 text-xl font-semibold text-ink-900">Book your demo</h2>
          <DemoForm usersUrl={runtime.urls.users} />
        </div>
        <div className="flex flex-col justify-center">
          <PartnerLogos count={4} label="Teams growing with Growmail" />
        </div>
        {testimonials.slice(0, 1).map((testimonial) => (
          <TestimonialCard key={testimonial.name} testimonial={testimonial} />
        ))}
      </div>
    </div>
  );
}
