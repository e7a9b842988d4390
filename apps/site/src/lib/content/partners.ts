import { getCollection } from 'astro:content';
import type * as z from 'zod/mini';
import type { Partner, partnerSchema } from '@growmail/contracts/content/schemas';

/** The partners as pages show them, from their file's items: in their order, which they no longer say. */
export const partnersOf = (items: readonly z.output<typeof partnerSchema>[]): readonly Partner[] =>
  [...items].sort((a, b) => a.order - b.order).map(({ order: _order, ...partner }) => partner);

/** Sample partner logos (D2) from content/partners.yaml, in their order. */
export const partners = partnersOf((await getCollection('partners')).map((entry) => entry.data));
