import { appIconImage } from '@/lib/brand-image-render';
import { appIcons } from '@/lib/brand-images';

export const dynamic = 'force-static';
export const dynamicParams = false;

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The PNG app icons (manifest, Apple touch icon), drawn from the brand mark at build. */
export function generateStaticParams() {
  return appIcons.map(({ path }) => ({ name: fileName(path) }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const icon = appIcons.find(({ path }) => fileName(path) === name)!;
  return appIconImage(icon.size, icon.maskable);
}
