import type { APIRoute } from 'astro';
import { editableEntries } from '@/lib/content/editable';

/**
 * Every entry marketing edits, with its published values (D45): the server keeps this file with
 * the version it came with, hands it to the console's Site pages and never sends it to a visitor.
 */
export const GET: APIRoute = async () => Response.json(await editableEntries());
