import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Pricing',
  description:
    'Simple plans for every stage: pay per email with Flex, grow with a subscription, or talk to us about Enterprise.',
  path: '/pricing',
});

export default function Page() {
  return (
    <PageIntro title="Pricing">
      Simple plans for every stage: pay per email with Flex, grow with a subscription, or talk to us about Enterprise.
    </PageIntro>
  );
}
