import type { Language } from '@growmail/contracts/language';
import { appIconPath, appIconSizes } from '@/lib/brand-images';
import { inLanguage } from '@/lib/language';
import { brandWords } from '@/lib/content/brand';
import { siteConfig } from '@/lib/site-config';

/** Where a page in `language` links its web app manifest: French pages their own, so the installed app opens in French. */
export const manifestPath = (language: Language): string => inLanguage('/manifest.webmanifest', language);

/**
 * The web app manifest of a language's pages: the name, colours and icons an installed site
 * shows, its description in the language, and its home page as where it opens (issue 56).
 */
export const webManifest = (language: Language): Response =>
  Response.json({
    name: siteConfig.name,
    short_name: siteConfig.name,
    description: brandWords[language].description,
    lang: language,
    start_url: inLanguage('/', language),
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
