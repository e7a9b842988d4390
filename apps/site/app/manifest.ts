import type { MetadataRoute } from 'next';
import { appIconPath, appIconSizes } from '@/lib/brand-images';
import { siteConfig } from '@/lib/site-config';

export const dynamic = 'force-static';

export default function manifest(): MetadataRoute.Manifest {
  return {
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
        purpose: 'any' as const,
      })),
      { src: appIconPath(512, 'maskable'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
