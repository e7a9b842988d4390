import type { APIRoute } from 'astro';
import { builtCatalogue } from '@/lib/catalogue';

/**
 * The catalogue this build's prices come from (D13, D45): the server answers the modules service
 * from it with the pages of the same version, and never serves this file at its own path.
 */
export const GET: APIRoute = () => Response.json(builtCatalogue);
