import { PreferencesForm } from '@/components/preferences/preferences-form';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

export const metadata = pageMetadata({
  title: 'Email preferences',
  description: 'Choose which Growmail emails you receive.',
  path: '/unsubscription',
});

/** Every /unsubscription/:tracking_id/:email/:id link is served this page (apps/server/src/site/routing.ts). */
export default function Page() {
  return (
    <section className="bg-ink-50 px-4 py-16 lg:py-24">
      <PreferencesForm usersUrl={runtime.urls.users} />
    </section>
  );
}
