import { getCollection } from 'astro:content';
import type { PressItem } from '@growmail/contracts/content/schemas';

/** Sample press items (D2) from content/press.yaml for 'In The News.', newest first. */
export const press: readonly PressItem[] = (await getCollection('press'))
  .map((entry) => entry.data)
  .sort((a, b) => b.date.localeCompare(a.date));
