import * as z from 'zod/mini';

const text = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

/**
 * What a page's Open Graph card says: a short eyebrow above a one-line title
 * (lib/brand-image-render.tsx draws it). Docs and product pages declare theirs in their own
 * content file, checked by this one schema; lib/brand-images.ts collects them.
 */
export const ogCardSchema = z.strictObject({ eyebrow: text, title: text });

export type OgCard = z.output<typeof ogCardSchema>;
