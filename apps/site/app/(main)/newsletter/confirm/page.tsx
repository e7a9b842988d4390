import { newsletterConfirmPath } from '@growmail/contracts/routes';
import { ConfirmSubscription } from '@/components/newsletter/confirm-subscription';
import { pageMetadata } from '@/lib/metadata';
import { runtime } from '@/lib/runtime';

export const metadata = {
  ...pageMetadata({
    title: 'Confirm your subscription',
    description: 'Confirm that you want our newsletter.',
    path: newsletterConfirmPath,
  }),
  // Reached only from a personal email link: nothing here for a search engine.
  robots: { index: false, follow: false },
};

/** Every /newsletter/confirm?token=… link from the confirmation email is served this page (D23). */
export default function Page() {
  return (
    <section className="bg-ink-50 px-4 py-16 lg:py-24">
      <ConfirmSubscription usersUrl={runtime.urls.users} />
    </section>
  );
}
