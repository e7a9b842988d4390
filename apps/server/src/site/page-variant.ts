import { createHash } from 'node:crypto';

/** What a page variant needs of a built file: the page-specific views only change its body. */
export type PageFile = { path: string; body: Buffer; etag: string; encoded: Map<unknown, unknown> };

/**
 * A built page with another body, as a query asks for it (D30): its own ETag, so a cache keeps
 * each variant apart, and no compressed copies yet.
 */
export function pageVariant<File extends PageFile>(file: File, html: string): File {
  const body = Buffer.from(html, 'utf8');
  return {
    ...file,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    encoded: new Map(),
  };
}
