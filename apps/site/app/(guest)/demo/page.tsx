import { DemoBenefits } from '@/components/demo/demo-benefits';
import { DemoForm } from '@/components/demo/demo-form';
import { GuestPage } from '@/components/layout/guest-page';
import { PartnerLogos } from '@/components/partners/partner-logos';
import { TestimonialCard } from '@/components/testimonials/testimonial-card';
import { testimonials } from '@/lib/content/testimonials';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

const title = 'Schedule a Free Demo';

export const metadata = pageMetadata({
  title,
  description: 'See how Growmail can grow revenue from the customers you already have.',
  path: '/demo',
});

export default function Page() {
  return (
    <GuestPage
      title={title}
      lead="See how Growmail can grow revenue from the customers you already have. Tell us a little about your business and we will set up a call at a time that suits you."
      details={<DemoBenefits />}
      formTitle="Book your demo"
      form={<DemoForm usersUrl={runtime.urls.users} />}
    >
      <div className="flex flex-col justify-center">
        <PartnerLogos count={4} label="Teams growing with Growmail" />
      </div>
      {testimonials.slice(0, 1).map((testimonial) => (
        <TestimonialCard key={testimonial.name} testimonial={testimonial} />
      ))}
    </GuestPage>
  );
}
