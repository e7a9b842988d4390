import type { PressItem } from '@growmail/contracts/content/schemas';

/**
 * The press items' summaries in French, by the article's address (issue 56). A summary is
 * Growmail's own sentence about the article, not a quote, so a French page says it in French;
 * the headline stays the publication's, in English, and says so. Until the press schema holds
 * a French field (once issue 55 moves the schemas to packages/contracts), they live here, and a
 * press item without one stops the build.
 */
const summariesFr: Record<string, string> = {
  'https://commerce-weekly.example.com/retention-first-email':
    'Growmail mise sur la fidélisation, et des boutiques s’en servent pour faire revenir leurs clients.',
  'https://ledger-review.example.com/one-platform-messaging':
    'Campagnes, emails transactionnels et analytique réunis\u202f: moins de coûts et de confusion pour les équipes en croissance.',
  'https://startup-dispatch.example.com/growmail-startup-program':
    'Jusqu’à 70\u202f% de remise pour les jeunes entreprises sur les outils de Growmail.',
};

/** A press item's summary in French; the build stops on an item that has none. */
export function pressSummaryFr(item: PressItem): string {
  const summary = summariesFr[item.href];
  if (summary === undefined) throw new Error(`${item.href} has no French summary in lib/content/press-fr.ts`);
  return summary;
}
