import { DocsPage } from '@/components/docs/docs-page';
import { docsMetadata } from '@/lib/docs/metadata';

export const metadata = docsMetadata('/developers/reference/contacts');

export default function Page() {
  return <DocsPage path="/developers/reference/contacts" />;
}
