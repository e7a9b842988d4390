import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Privacy policy',
  description: 'How Growmail collects, uses and protects personal data.',
  path: '/privacy',
});

export default function Page() {
  return <PageIntro title="Privacy policy">How Growmail collects, uses and protects personal data.</PageIntro>;
}
