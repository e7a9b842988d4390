import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Contacts',
  description: 'Create and update contacts.',
  path: '/developers/reference/contacts',
});

export default function Page() {
  return <PageIntro title="Contacts">Create and update contacts.</PageIntro>;
}
