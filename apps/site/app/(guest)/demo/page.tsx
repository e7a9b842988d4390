import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Schedule a Free Demo',
  description: 'See how Growmail can grow revenue from the customers you already have.',
  path: '/demo',
});

export default function Page() {
  return (
    <PageIntro title="Schedule a Free Demo">
      See how Growmail can grow revenue from the customers you already have.
    </PageIntro>
  );
}
