import type { MetadataRoute } from 'next';
import { publicRoutes } from '@/lib/routes';
import { runtime } from '@/lib/runtime';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  return publicRoutes.map((route) => ({
    url: `${runtime.urls.public}${route === '/' ? '' : route}`,
    changeFrequency: 'weekly',
    priority: route === '/' ? 1 : 0.7,
  }));
}
