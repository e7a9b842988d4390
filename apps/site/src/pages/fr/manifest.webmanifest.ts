import type { APIRoute } from 'astro';
import { webManifest } from '@/lib/web-manifest';

/** The web app manifest of the French pages (issue 56): a French description, and /fr as where the installed app opens. */
export const GET: APIRoute = () => webManifest('fr');
