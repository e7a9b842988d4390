import { LegalDocument } from '@/components/legal/legal-document';
import { terms } from '@/lib/content/legal/terms';
import { pageMetadata } from '@/lib/metadata';

export const metadata = pageMetadata({
  title: 'Terms and conditions',
  description: 'The terms that govern your use of Growmail: acceptable use, unsubscribes, billing, data and liability.',
  path: '/terms',
});

export default function Page() {
  return <LegalDocument document={terms} />;
}
