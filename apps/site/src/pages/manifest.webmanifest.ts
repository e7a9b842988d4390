import type { APIRoute } from 'astro';
import { webManifest } from '@/lib/web-manifest';

/** The web app manifest of the English pages: the name, colours and icons an installed site shows. */
export const GET: APIRoute = () => webManifest('en');
