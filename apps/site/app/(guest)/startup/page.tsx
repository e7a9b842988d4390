import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Start accelerating your growth today',
  description: 'Startups can get up to 70% off enterprise-grade growth tools.',
  path: '/startup',
});

export default function Page() {
  return (
    <PageIntro title="Start accelerating your growth today">
      Startups can get up to 70% off enterprise-grade growth tools.
    </PageIntro>
  );
}
