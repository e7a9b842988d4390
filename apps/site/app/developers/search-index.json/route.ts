import { searchDocuments } from '@/lib/docs/search';

export const dynamic = 'force-static';

/** The docs' sections for the search box, fetched only when a reader opens it. */
export function GET() {
  return Response.json(searchDocuments());
}
