import { ContactSection } from '@/components/contact/contact-section';
import { PageIntro } from '@/components/page-intro';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Contact us',
  description: 'Questions about Growmail? Send us a message and the team will get back to you.',
  path: '/contact',
});

export default function Page() {
  return (
    <>
      <PageIntro title="Contact us">
        Questions about Growmail? Send us a message and the team will get back to you.
      </PageIntro>
      <ContactSection />
    </>
  );
}
