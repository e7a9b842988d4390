import { DocsPage } from '@/components/docs/docs-page';
import { docsMetadata } from '@/lib/docs/metadata';

export const metadata = docsMetadata('/developers');

export default function DevelopersPage() {
  return <DocsPage path="/developers" />;
}
