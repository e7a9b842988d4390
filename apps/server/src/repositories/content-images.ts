import { repository, type Executor } from './repository.ts';

/** The types an editor may upload, and the extension the publisher writes each with. */
export const contentImageTypes = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type ContentImageType = keyof typeof contentImageTypes;

/** An uploaded image as it was checked: its hash, type and size in pixels. */
export type ContentImageInfo = { sha256: string; mediaType: ContentImageType; width: number; height: number };

/**
 * Images uploaded from the console (D45), kept by the SHA-256 of their bytes: the same file
 * uploaded twice is one row. The publisher reads the bytes; the console shows members the preview.
 */
const contentImageQueries = (db: Executor) => ({
  /** Stores an image unless it is stored already. */
  async store(image: ContentImageInfo & { body: Uint8Array; preview: Uint8Array }, at: Date): Promise<void> {
    await db
      .insertInto('content_images')
      .values({
        sha256: image.sha256,
        media_type: image.mediaType,
        width: image.width,
        height: image.height,
        body: image.body,
        preview: image.preview,
        uploaded_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
  },

  /** Which of these hashes are stored. */
  async stored(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await db
      .selectFrom('content_images')
      .select('sha256')
      .where('sha256', 'in', [...hashes])
      .execute();
    return new Set(rows.map((row) => row.sha256));
  },

  /** The small WebP the console shows; undefined for a hash not stored. */
  async preview(sha256: string): Promise<Buffer | undefined> {
    const row = await db.selectFrom('content_images').select('preview').where('sha256', '=', sha256).executeTakeFirst();
    return row && Buffer.from(row.preview);
  },

  /** The images of these hashes, with their bytes, as the publisher writes them into a build. */
  async bodies(hashes: readonly string[]): Promise<Array<ContentImageInfo & { body: Buffer }>> {
    if (hashes.length === 0) return [];
    const rows = await db
      .selectFrom('content_images')
      .select(['sha256', 'media_type', 'width', 'height', 'body'])
      .where('sha256', 'in', [...new Set(hashes)])
      .execute();
    return rows.map((row) => ({
      sha256: row.sha256,
      mediaType: row.media_type as ContentImageType,
      width: row.width,
      height: row.height,
      body: Buffer.from(row.body),
    }));
  },
});

export const contentImagesRepository = repository(contentImageQueries);
