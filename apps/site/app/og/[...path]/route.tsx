import { ogCardImage } from '@/lib/brand-image-render';
import { ogCards, ogImagePath, ogRoutes } from '@/lib/brand-images';

export const dynamic = 'force-static';
export const dynamicParams = false;

/** One 1200×630 social card per public page, drawn at build (lib/metadata.ts links them). */
export function generateStaticParams() {
  return ogRoutes.map((route) => ({
    path: ogImagePath(route)
      .replace(/^\/og\//, '')
      .split('/'),
  }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const slug = path.join('/').replace(/\.png$/, '');
  const route = slug === 'home' ? '/' : `/${slug}`;
  return ogCardImage(ogCards[route] ?? ogCards['/']!);
}
