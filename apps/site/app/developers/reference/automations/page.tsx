import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Automations',
  description: 'Trigger automation events for your contacts.',
  path: '/developers/reference/automations',
});

export default function Page() {
  return <PageIntro title="Automations">Trigger automation events for your contacts.</PageIntro>;
}
