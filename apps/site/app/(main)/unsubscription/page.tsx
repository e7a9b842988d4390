import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Email preferences',
  description: 'Choose which Growmail emails you receive.',
  path: '/unsubscription',
});

export default function Page() {
  return <PageIntro title="Email preferences">Choose which Growmail emails you receive.</PageIntro>;
}
