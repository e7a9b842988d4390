import { DocsPage } from '@/components/docs/docs-page';
import { docsMetadata } from '@/lib/docs/metadata';

export const metadata = docsMetadata('/developers/guides/webpush');

export default function Page() {
  return <DocsPage path="/developers/guides/webpush" />;
}
