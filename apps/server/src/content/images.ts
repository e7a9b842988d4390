import { fileTypeFromBuffer } from 'file-type';
import { contentImageTypes, type ContentImageType } from '../repositories/content-images.ts';
import { sha256Of } from '../repositories/content-versions.ts';
import type { DataAccess } from '../repositories/index.ts';

/**
 * An image an editor uploads for the site (D45): JPEG, PNG or WebP up to 5 MB, told by its bytes
 * (`file-type`), never by its name or the type the browser claims, then decoded whole by sharp,
 * so a file that only begins like an image is refused too. SVG is refused by name: it can carry
 * script, and partner logos, the site's SVGs, stay with developers in the sprite. An accepted
 * image is stored by its SHA-256 with a small preview for the console; the draft that names it
 * is what is saved and audited.
 */

/** The largest file an editor may upload. */
export const imageUploadLimit = 5 * 1024 * 1024;

/**
 * The most pixels an image may have: a 5 MB PNG of one colour can claim a size whose pixels
 * would take gigabytes to decode. 24 megapixels (6000 × 4000, a camera's photo) decode in under
 * libvips's 100 MB threshold for holding an image in memory, so turning one upright never spills
 * to a temporary file: the server writes nothing to a disk (D27).
 */
const maxPixels = 24_000_000;

/** How wide the console's preview is, at most. */
const previewWidth = 320;

/** A file posted in a form: its bytes, up to the limit, and whether there were more. */
export class PostedFile {
  readonly filename: string;
  readonly body: Buffer;
  readonly truncated: boolean;
  constructor(filename: string, body: Buffer, truncated: boolean) {
    this.filename = filename;
    this.body = body;
    this.truncated = truncated;
  }
}

const sharpFormats: Record<ContentImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Whether a file's first bytes hold an SVG: on its own, or inside HTML or XML. */
const holdsSvg = (body: Buffer) => body.subarray(0, 4096).toString('utf8').toLowerCase().includes('<svg');

const refusals = {
  tooBig: 'is over 5 MB: export it smaller (2,000 pixels wide is plenty for the site) and choose it again',
  empty: 'is empty: choose the file again',
  svg: 'is an SVG, which can carry script, so the console does not take it: export it as a PNG or WebP. Partner logos are SVGs the developers add',
  notImage: 'is not a JPEG, PNG or WebP image: its contents say otherwise, whatever its name',
  tooLarge: 'has more than 24 million pixels: export it smaller (2,000 pixels wide is plenty) and choose it again',
  unreadable: 'could not be read as an image: it may be damaged, or another kind of file renamed',
} as const;

/** An upload checked: the image's hash, or why it is refused, in words that follow its file's name. */
export type ImageOutcome = { sha256: string } | { refused: string };

/** Checks a posted file and stores it if it is an image the site takes. */
export async function acceptImage(data: DataAccess, file: PostedFile, at = new Date()): Promise<ImageOutcome> {
  const { body } = file;
  if (file.truncated) return { refused: refusals.tooBig };
  if (body.length === 0) return { refused: refusals.empty };
  const type = await fileTypeFromBuffer(body);
  if (!type) {
    return { refused: holdsSvg(body) ? refusals.svg : refusals.notImage };
  }
  if (!Object.hasOwn(contentImageTypes, type.mime)) return { refused: refusals.notImage };
  const mediaType = type.mime as ContentImageType;
  // Loaded on an editor's first upload, not at the server's start: a native addon the public
  // pages never need, which a server run under Node's permission model cannot load (D27's test).
  const { default: sharp } = await import('sharp');
  const image = () => sharp(body, { failOn: 'error', limitInputPixels: maxPixels });
  let size: { width: number; height: number };
  let preview: Buffer;
  try {
    // The header alone, so a picture too large is named as such; every decode after it is limited.
    const metadata = await sharp(body, { failOn: 'error', limitInputPixels: false }).metadata();
    if (metadata.format !== sharpFormats[mediaType]) return { refused: refusals.notImage };
    if (metadata.width * metadata.height > maxPixels) return { refused: refusals.tooLarge };
    // Every pixel decoded: a header followed by anything else fails here.
    await image().stats();
    // EXIF orientations 5 to 8 turn the picture a quarter: it is shown the other way round.
    const turned = (metadata.orientation ?? 1) >= 5;
    size = turned
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
    preview = await image()
      .rotate()
      .resize({ width: previewWidth, withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return { refused: refusals.unreadable };
  }
  const sha256 = sha256Of(body);
  await data.contentImages.store({ sha256, mediaType, ...size, body, preview }, at);
  return { sha256 };
}
