import type { APIRoute } from 'astro';
import { appIconPath, appIconSizes } from '@/lib/brand-images';
import { siteConfig } from '@/lib/site-config';

/** The web app manifest: the name, colours and icons an installed site shows. */
export const GET: APIRoute = () =>
  Response.json({
    name: siteConfig.name,
    short_name: siteConfig.name,
    description: siteConfig.description,
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: siteConfig.themeColor,
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...appIconSizes.map((size) => ({
        src: appIconPath(size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      { src: appIconPath(512, 'maskable'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
