import { LegalDocument } from '@/components/legal/legal-document';
import { privacy } from '@/lib/content/legal/privacy';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Privacy policy',
  description: 'How Growmail collects, uses and protects personal data, how long we keep it, and your rights.',
  path: '/privacy',
});

export default function Page() {
  return <LegalDocument document={privacy} />;
}
