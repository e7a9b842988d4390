import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Get started with the Growmail API',
  description: 'Authenticate with your API key and make your first request.',
  path: '/developers/reference/get-started',
});

export default function Page() {
  return (
    <PageIntro title="Get started with the Growmail API">
      Authenticate with your API key and make your first request.
    </PageIntro>
  );
}
