import type { DraftLanguage } from '@growmail/contracts/content/entries';
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../repositories/index.ts';
import { sendTeamPage } from './pages.ts';

/**
 * The Site section (D45, issue 55): every entry of the site's content marketing edits, by page,
 * with each language's state. The entries and their published values are the site's own, read
 * by the page as it renders; the server hands it the drafts.
 */
export function siteRoutes(app: FastifyInstance, data: DataAccess) {
  app.get('/site', async (_request, reply) => {
    const drafts = await data.contentDrafts.list();
    return sendTeamPage(reply, {
      view: 'site',
      drafts: drafts.map((draft) => ({
        entry: draft.entry,
        author: draft.author.name,
        startedAt: draft.startedAt,
        savedAt: draft.savedAt,
        languages: Object.keys(draft.values) as DraftLanguage[],
      })),
    });
  });
}
