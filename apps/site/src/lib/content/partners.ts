import { getCollection } from 'astro:content';
import type { Partner } from '@growmail/contracts/content/schemas';

/** Sample partner logos (D2) from content/partners.yaml, in their order. */
export const partners: readonly Partner[] = (await getCollection('partners'))
  .map((entry) => entry.data)
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...partner }) => partner);
