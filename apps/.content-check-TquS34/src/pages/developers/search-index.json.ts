import { searchDocuments } from '@/lib/docs/search';

/** The docs' sections for the search box, fetched only when a reader opens it. */
export const GET = () => Response.json(searchDocuments());
