import type { Metadata } from 'next';
import { ogImagePath, ogImageSize } from './brand-images';
import { siteConfig } from './site-config';

/**
 * Title, description, canonical URL and social cards for a page; the root layout sets the
 * public origin. The card image is the page's own, drawn at build (app/og).
 */
export function pageMetadata(page: {
  title: string;
  description: string;
  path: string;
  /** Use the title as it is, without the site name the root layout appends. */
  absoluteTitle?: boolean;
}): Metadata {
  const image = { url: ogImagePath(page.path), ...ogImageSize, alt: `${siteConfig.name}: ${page.title}` };
  return {
    title: page.absoluteTitle ? { absolute: page.title } : page.title,
    description: page.description,
    alternates: { canonical: page.path },
    openGraph: {
      title: page.title,
      description: page.description,
      url: page.path,
      siteName: siteConfig.name,
      type: 'website',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: page.title, description: page.description, images: [image] },
  };
}
