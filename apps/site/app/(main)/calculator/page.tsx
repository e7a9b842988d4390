import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Savings calculator',
  description: 'Estimate how much you could save each year by moving your messaging to Growmail.',
  path: '/calculator',
});

export default function Page() {
  return (
    <PageIntro title="Savings calculator">
      Estimate how much you could save each year by moving your messaging to Growmail.
    </PageIntro>
  );
}
