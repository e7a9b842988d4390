import Link from 'next/link';
import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Developers',
  description:
    'Guides and the API reference for building on Growmail: contacts, automations, transactional email and web push.',
  path: '/developers',
});

const sections = [
  {
    href: '/developers/reference/get-started',
    title: 'API reference',
    text: 'Authenticate with a bearer key and call the public API.',
  },
  {
    href: '/developers/guides/webpush',
    title: 'Web push guide',
    text: 'Register the service worker and save subscriptions.',
  },
];

export default function DevelopersPage() {
  return (
    <>
      <PageIntro title="Build with Growmail">
        Sync contacts, trigger automations and send transactional email from your own code.
      </PageIntro>
      <section aria-label="Documentation" className="mx-auto grid max-w-7xl gap-4 px-4 pb-16 md:grid-cols-2 lg:px-8">
        {sections.map((section) => (
          <Link
            key={section.href}
            href={section.href}
            className="rounded-2xl border border-ink-100 p-6 hover:border-brand-700"
          >
            <h2 className="text-xl font-semibold text-ink-900">{section.title}</h2>
            <p className="mt-2 text-ink-700">{section.text}</p>
          </Link>
        ))}
      </section>
    </>
  );
}
