import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Transactional Emails',
  description:
    'Send receipts, password resets and alerts in seconds, with unlimited transactional email and 90-day logs.',
  path: '/products/transactionals',
});

export default function Page() {
  return (
    <PageIntro title="Transactional Emails">
      Send receipts, password resets and alerts in seconds, with unlimited transactional email and 90-day logs.
    </PageIntro>
  );
}
