import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'App Analytics',
  description: 'Understand how customers use your app and website, from events to page visits.',
  path: '/products/analytics',
});

export default function Page() {
  return (
    <PageIntro title="App Analytics">
      Understand how customers use your app and website, from events to page visits.
    </PageIntro>
  );
}
