import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Marketing Automation',
  description: 'Build drip and event-triggered journeys in a visual builder that react to what each customer does.',
  path: '/products/automations',
});

export default function Page() {
  return (
    <PageIntro title="Marketing Automation">
      Build drip and event-triggered journeys in a visual builder that react to what each customer does.
    </PageIntro>
  );
}
