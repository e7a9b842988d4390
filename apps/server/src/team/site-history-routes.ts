import { contentEntryParams, type ContentKind, type DraftLanguage } from '@growmail/contracts/content/entries';
import { formValueOf, problemsByField, type FormNode, type FormValue } from '@growmail/contracts/content/form';
import { restoreFormSchema, undoFormSchema } from '@growmail/contracts/content/publish';
import type { ContentDraftView, SiteEntryPage, SiteUndoPage } from '@growmail/contracts/team';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { saveDraft } from '../content/drafts.ts';
import { historyOf, publishedIn } from '../content/history.ts';
import { lastPublish, undoLastPublish, type NothingToUndo } from '../content/undo.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import type { ContentDraft, DraftValues } from '../repositories/content-drafts.ts';
import type { DataAccess } from '../repositories/index.ts';
import { noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';

/** An entry the member may edit, as site-routes.ts finds it from its path; undefined once refused. */
type EntryAsked = (
  request: FastifyRequest,
  reply: FastifyReply,
  params: { entry: string },
) => Promise<{ id: string; kind: ContentKind; nodes: Partial<Record<DraftLanguage, FormNode>> } | undefined>;

/** How many changes an entry's history shows: the newest. */
const historyShown = 10;

const nothingWords: Record<NothingToUndo | 'changed', string> = {
  nothing: 'There is nothing to undo: visitors see the release’s own words, as no publish has changed them.',
  publishing: 'A publish is being built and checked. Undo once it is done: an undo now would be built over by it.',
  deleted:
    'The version before this publish is no longer kept: only the last few are. To go further back, restore an entry’s older words from its history and publish them.',
  changed: 'Another publish or undo came since you opened this page. Here is what would be undone now.',
};

/**
 * An entry's history, "Restore this version" and "Undo the last publish" (D45, issue 55): the
 * history is derived from the publishes stored (content/history.ts); a restore is a save of a
 * draft, with its conflicts; an undo asks first on a page of its own (D44), works without
 * JavaScript, and makes the version before current on every server without a build.
 */
export function siteHistoryRoutes(
  app: FastifyInstance,
  data: DataAccess,
  entryAsked: EntryAsked,
  {
    draftView,
    conflictOf,
  }: {
    draftView: (draft: ContentDraft | undefined, request: FastifyRequest) => ContentDraftView | undefined;
    /** The form beside another editor's draft, after a save that lost to it (site-routes.ts). */
    conflictOf: (
      theirs: ContentDraft | null,
      request: FastifyRequest,
      values: NonNullable<SiteEntryPage['form']>['values'],
      base: string,
    ) => Partial<SiteEntryPage>;
  },
) {
  const entries = publishedIn(data, app.config.siteDir);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/site/:entry/history',
    { schema: { params: contentEntryParams }, attachValidation: true },
    async (request, reply) => {
      const asked = await entryAsked(request, reply, request.params);
      if (!asked) return reply;
      const [rows, draft] = await Promise.all([
        historyOf(data, entries, asked.id, asked.kind, historyShown),
        data.contentDrafts.find(asked.id),
      ]);
      return sendTeamPage(reply, {
        view: 'site-history',
        entry: asked.id,
        rows,
        limit: historyShown,
        draft: draft && {
          revision: draft.revision,
          author: draft.author.name,
          mine: draft.author.id === sessionOf(request).id,
        },
        notice: noticeFor('site', request.query),
      });
    },
  );

  routes.post(
    '/site/:entry/restore',
    { schema: { params: contentEntryParams, body: restoreFormSchema }, attachValidation: true },
    async (request, reply) => {
      const asked = await entryAsked(request, reply, request.params);
      if (!asked) return reply;
      if (request.validationError)
        return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
      const { _publish: publishId, _base: base, _revision: revision } = request.body;
      const row = await data.contentPublishes.find(publishId);
      const changed = row && (row.purpose === 'undo' || (row.purpose === 'publish' && row.state === 'passed'));
      const values: DraftValues | undefined = changed ? row.drafts[asked.id]?.values : undefined;
      if (!values) return sendProblem(reply, 404, 'Not found', 'That version is not in this entry’s history.');

      const languages = Object.entries(asked.nodes) as Array<[DraftLanguage, FormNode]>;
      const shown = Object.fromEntries(
        languages.map(([language, node]) => [language, formValueOf(node, values[language])]),
      ) as Record<DraftLanguage, FormValue>;
      const page = (form: Partial<SiteEntryPage>): SiteEntryPage => ({ view: 'site-entry', entry: asked.id, ...form });
      // The rules a save keeps: a version published under older rules comes back as a form to mend.
      const problems: Record<string, string> = {};
      for (const [language, node] of languages) {
        const checked = asked.kind.schema.safeParse(values[language]);
        if (!checked.success)
          Object.assign(problems, problemsByField(node, shown[language], language, checked.error.issues));
      }
      const draft = draftView(await data.contentDrafts.find(asked.id), request);
      if (Object.keys(problems).length > 0)
        return sendTeamPage(reply, page({ draft, form: { values: shown, problems, base, revision } }), 400);

      const outcome = await saveDraft(
        data,
        { entry: asked.id, values, base, revision, restores: row!.id },
        actorOf(request),
      );
      if ('conflict' in outcome)
        return sendTeamPage(reply, page(conflictOf(outcome.conflict, request, shown, base)), 409);
      return reply.redirect(`${noticeUrl(`/team/site/${asked.id}`, 'site', 'restored')}#notice`, 303);
    },
  );

  /** The confirmation: the publish an undo would take back, or why there is none. */
  async function undoPage(reply: FastifyReply, problem?: string, status = 200) {
    const last = await lastPublish(data);
    const page: SiteUndoPage =
      typeof last === 'string'
        ? { view: 'site-undo', problem: [problem, nothingWords[last]].filter(Boolean).join(' ') }
        : {
            view: 'site-undo',
            problem,
            last: {
              id: last.publish.id,
              entries: last.publish.entries,
              by: last.publish.requestedBy,
              at: last.publish.finishedAt ?? last.publish.requestedAt,
              back: last.previous ? 'version' : 'release',
            },
          };
    return sendTeamPage(reply, page, status);
  }

  routes.get('/site/undo', (_request, reply) => undoPage(reply));

  routes.post('/site/undo', { schema: { body: undoFormSchema }, attachValidation: true }, async (request, reply) => {
    if (request.validationError)
      return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
    const outcome = await undoLastPublish(data, request.body.publish, entries, actorOf(request));
    if ('refused' in outcome)
      return undoPage(reply, outcome.refused === 'changed' ? nothingWords.changed : undefined, 409);
    // This server switches before it answers; the others as they do for a publish.
    await app.contentVersion.check();
    return reply.redirect(`${noticeUrl('/team/site', 'site', 'undone')}#notice`, 303);
  });
}
