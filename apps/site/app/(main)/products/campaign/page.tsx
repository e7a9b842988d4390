import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Broadcast Messaging',
  description: 'Design and send email campaigns that land in the inbox, then resend to anyone who did not open.',
  path: '/products/campaign',
});

export default function Page() {
  return (
    <PageIntro title="Broadcast Messaging">
      Design and send email campaigns that land in the inbox, then resend to anyone who did not open.
    </PageIntro>
  );
}
