import type { APIRoute } from 'astro';
import { partners } from '@/lib/content/partners';
import { partnerSprite } from '@/lib/content/partner-sprite';

/** The partner logos as one SVG sprite (lib/content/partner-sprite.ts). */
export const GET: APIRoute = async () =>
  new Response(await partnerSprite(partners), { headers: { 'content-type': 'image/svg+xml' } });
