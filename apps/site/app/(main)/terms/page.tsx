import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Terms and conditions',
  description: 'The terms that govern your use of Growmail.',
  path: '/terms',
});

export default function Page() {
  return <PageIntro title="Terms and conditions">The terms that govern your use of Growmail.</PageIntro>;
}
