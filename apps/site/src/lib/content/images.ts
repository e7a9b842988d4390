import type { ImageMetadata } from 'astro';
import { contentImagePattern } from '@growmail/contracts/content/schemas';

/**
 * The images editors uploaded from the console (D45), as the publisher writes them before it
 * builds: src/assets/content/<sha256>.<jpg|png|webp>, committed with the content that names them.
 */
const uploaded = import.meta.glob<ImageMetadata>('../../assets/content/*.{jpg,png,webp}', {
  eager: true,
  import: 'default',
});
const byHash = new Map(
  Object.entries(uploaded).map(([path, image]) => [/([0-9a-f]{64})\.\w+$/.exec(path)?.[1] ?? path, image]),
);

/** The image a content value names (`sha256:…`), for astro:assets; the build stops on one it lacks. */
export function contentImage(src: string): ImageMetadata {
  const image = byHash.get(contentImagePattern.exec(src)?.[1] ?? '');
  if (!image) throw new Error(`The content names the image ${src}, which src/assets/content/ does not have.`);
  return image;
}
