import type { Metadata } from 'next';
import { siteConfig } from './site-config';

/** Title, description and canonical URL for a page; the root layout sets the public origin. */
export function pageMetadata(page: { title: string; description: string; path: string }): Metadata {
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: page.path },
    openGraph: {
      title: page.title,
      description: page.description,
      url: page.path,
      siteName: siteConfig.name,
      type: 'website',
    },
    twitter: { card: 'summary_large_image', title: page.title, description: page.description },
  };
}
