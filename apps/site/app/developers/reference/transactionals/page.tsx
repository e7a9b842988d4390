import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Transactional emails',
  description: 'Send transactional emails from your templates.',
  path: '/developers/reference/transactionals',
});

export default function Page() {
  return <PageIntro title="Transactional emails">Send transactional emails from your templates.</PageIntro>;
}
