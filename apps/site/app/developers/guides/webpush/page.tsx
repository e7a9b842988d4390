import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Web Push Notifications',
  description: 'Send web push notifications to your website visitors.',
  path: '/developers/guides/webpush',
});

export default function Page() {
  return <PageIntro title="Web Push Notifications">Send web push notifications to your website visitors.</PageIntro>;
}
