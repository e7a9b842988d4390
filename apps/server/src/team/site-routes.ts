import { dirname } from 'node:path';
import formbody from '@fastify/formbody';
import {
  contentEntryParams,
  contentKinds,
  draftFormSchema,
  draftLanguagesOf,
  entryOf,
  takeOverSchema,
  type DraftLanguage,
} from '@growmail/contracts/content/entries';
import {
  emptyValue,
  formOf,
  imageFields,
  imagePlaces,
  postedValue,
  problemsByField,
  typedValue,
  withListAction,
  type FormNode,
  type FormValue,
} from '@growmail/contracts/content/form';
import { contentImagePattern } from '@growmail/contracts/content/schemas';
import { previewPath, publishFormSchema, wordsOf, type PublishRow } from '@growmail/contracts/content/publish';
import type { SiteEntryPage } from '@growmail/contracts/team';
import { may } from '@growmail/contracts/team-access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import * as z from 'zod/mini';
import { saveDraft, takeOverDraft } from '../content/drafts.ts';
import { acceptImage, imageUploadLimit, PostedFile } from '../content/images.ts';
import { requestPublish } from '../content/publish.ts';
import type { ZodTypeProvider } from '../plugins/zod-validation.ts';
import { pageVariant } from '../site/page-variant.ts';
import { releaseOf } from '../site/release.ts';
import { sendFile } from '../site/send-file.ts';
import type { Site, SiteFile } from '../site/site-files.ts';
import type { ContentDraft, DraftValues } from '../repositories/content-drafts.ts';
import type { ContentPublish } from '../repositories/content-publishes.ts';
import type { DataAccess } from '../repositories/index.ts';
import { refusedForm, typedValues } from './forms.ts';
import { multipartParser } from './multipart.ts';
import { siteHistoryRoutes } from './site-history-routes.ts';
import { noticeFor, noticeUrl } from './notices.ts';
import { actorOf, sendProblem, sendTeamPage, sessionOf } from './pages.ts';

/**
 * A form of the longest entry, both languages of the privacy notice, runs to about 60 KB once
 * URL-encoded (French letters take six bytes each): more than the console's other forms are let send.
 */
const entryFormLimit = 256 * 1024;

/** An uploaded image, by its hash, for its preview in the console. */
const imageParams = z.object({ image: z.string().check(z.regex(/^[0-9a-f]{64}$/)) });

/** How many files an entry's form may post: one for each of its image fields, in each language. */
function imageFieldsOf(request: FastifyRequest): number {
  const found = entryOf(typedValues(request.params, ['entry']).entry ?? '');
  if (!found) return 0;
  const kind = contentKinds[found.kind];
  const node = formOf(kind.schema);
  return draftLanguagesOf(kind).reduce(
    (count, language) => count + imagePlaces(node, emptyValue(node), language).length,
    0,
  );
}

/** A preview's version and the page's path in it. */
const previewParams = z.object({
  version: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  '*': z.string().check(z.maxLength(300)),
});

/**
 * The Site section (D45, issue 55): every entry of the site's content marketing edits, by page,
 * with each language's state, and one form per entry made from its schema. The entries and their
 * published values are the site's, read by its pages as they render; the server keeps the drafts
 * and checks a save with the schema the build checks the content with.
 */
export function siteRoutes(app: FastifyInstance, data: DataAccess) {
  /** How many publishes the Site section lists, newest first. */
  const publishesShown = 5;
  const publishRow = ({ drafts: _drafts, requestedById: _by, ...row }: ContentPublish): PublishRow => row;

  async function sitePage(request: FastifyRequest, reply: FastifyReply, refused?: { problem: string; words: string }) {
    const [drafts, publishes] = await Promise.all([
      data.contentDrafts.list(),
      data.contentPublishes.recent(publishesShown),
    ]);
    return sendTeamPage(
      reply,
      {
        view: 'site',
        drafts: drafts.map((draft) => ({
          entry: draft.entry,
          author: draft.author.name,
          startedAt: draft.startedAt,
          savedAt: draft.savedAt,
          languages: Object.keys(draft.values) as DraftLanguage[],
        })),
        publishes: publishes.map(publishRow),
        refused,
        notice: noticeFor('site', request.query),
      },
      refused ? 400 : 200,
    );
  }

  app.get('/site', (request, reply) => sitePage(request, reply));

  /**
   * Publish and Preview: queue the chosen drafts, as they are now, for the publisher to build
   * (D45); a publish is checked and made live, a preview only built, for members to see. A draft
   * of a kind the member may not save (prices, for an editor) is refused whole.
   */
  for (const purpose of ['publish', 'preview'] as const)
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `/site/${purpose}`,
        { schema: { body: publishFormSchema }, attachValidation: true },
        async (request, reply) => {
          const refused = refusedForm(request, ['words']);
          const typed = refused?.values.words ?? request.body.words ?? '';
          if (refused) {
            const problem =
              'entries' in refused.problems
                ? `Choose at least one draft to ${purpose}.`
                : `Check the new words: ${refused.problems.words ?? 'give letters only, one word per line.'}`;
            return sitePage(request, reply, { problem, words: typed });
          }
          const { entries, words } = request.body;
          const role = sessionOf(request).role;
          for (const id of entries) {
            const found = entryOf(id);
            const kind = found && contentKinds[found.kind];
            if (!kind) return sitePage(request, reply, { problem: 'Choose drafts from the list.', words: typed });
            if (!may(role, kind.permission))
              return sendProblem(reply, 403, 'Not allowed', 'Your role does not allow this. An admin can change it.');
          }
          const chosen = { entries, words: wordsOf(words ?? '') ?? [] };
          const id = await requestPublish(data, chosen, actorOf(request), new Date(), purpose);
          if (!id)
            return sitePage(request, reply, {
              problem: 'Those drafts are gone: someone published them.',
              words: typed,
            });
          return reply.redirect(`${noticeUrl('/team/site', 'site', `${purpose}-requested`)}#notice`, 303);
        },
      );

  /**
   * A page of a preview (D45): the version a Preview built, read from the database and kept for
   * the last few asked, sent only to members, never stored by a cache nor indexed. Its links to the
   * site's pages stay inside the preview.
   */
  const release = releaseOf(dirname(app.config.siteDir));
  const previews = new LRUCache<string, Promise<Site | undefined>>({ max: 2 });
  /** Each preview page as sent, with its links kept inside the preview: made once per page. */
  const sentPages = new WeakMap<SiteFile, SiteFile>();
  const previewSite = (id: string) => {
    let site = previews.get(id);
    if (!site) {
      site = (async () => {
        const version = await data.contentVersions.find(id);
        if (!version || version.release !== release) return undefined;
        const bodies = await data.contentVersions.bodies(Object.values(version.files));
        return app.site.next(
          new Map(Object.entries(version.files).map(([path, hash]) => [path, bodies.get(hash) ?? Buffer.alloc(0)])),
        );
      })();
      previews.set(id, site);
      site.catch(() => previews.delete(id));
    }
    return site;
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/site/preview/:version/*',
      { schema: { params: previewParams }, attachValidation: true },
      async (request, reply) => {
        const site = request.validationError ? undefined : await previewSite(request.params.version);
        const path = `/${request.params['*']}`;
        const route = path.replace(/\.html$/, '').replace(/(.)\/$/, '$1');
        const hidden = route.startsWith('/_') && !path.startsWith('/_astro/');
        const found = site && (site.page(route) ?? (hidden ? undefined : site.files.get(path)));
        if (!site || !found) return sendProblem(reply, 404, 'Not found', 'This preview has no such page.');
        // A pricing choice in the query is the page the build made for it: a price in each currency (issue 55).
        const query = request.url.indexOf('?');
        const file = query === -1 ? found : await site.forQuery(found, request.url.slice(query));
        reply.header('x-robots-tag', 'noindex');
        if (!file.path.endsWith('.html')) return sendFile(request, reply, site, { file, caching: 'no-store' });
        let sent = sentPages.get(file);
        if (!sent) {
          const html = file.body
            .toString('utf8')
            .replace('<head>', '<head><meta name="robots" content="noindex"/>')
            .replace(/(<a\b[^>]*\shref=")\/(?!\/|_astro\/|team\/)/g, `$1${previewPath(request.params.version, '/')}`)
            // Its hashed assets from the preview too: new words change the stylesheet and the font
            // cut to the site's characters. Inline scripts stay as hashed for the page's CSP.
            .replace(
              /(<script\b(?![^>]*\ssrc=)[^>]*>[\s\S]*?<\/script>)|(["'(])\/_astro\//g,
              (whole, script, before) =>
                script ? whole : `${before}${previewPath(request.params.version, '/_astro/')}`,
            );
          sent = { ...pageVariant(file, html), stamped: false };
          sentPages.set(file, sent);
        }
        return sendFile(request, reply, site, { file: sent, caching: 'no-store' });
      },
    );

  /**
   * The files an entry's form posted, each at one of its image fields: an image the site takes is
   * stored and its hash put in the field, so the form keeps it even when it comes back refused; one
   * it refuses is a problem by the field. An image the form names must be one uploaded here.
   * Undefined for a file posted where the form has no image field.
   */
  async function takeUploads(nodes: Partial<Record<DraftLanguage, FormNode>>, body: Record<string, unknown>) {
    const problems: Record<string, string> = {};
    const taken = new Set<string>();
    const named = new Map<string, string>();
    for (const [language, node] of Object.entries(nodes) as Array<[DraftLanguage, FormNode]>)
      for (const place of imagePlaces(node, postedValue(node, body, language), language)) {
        const fields = imageFields(place);
        const file = body[fields.file];
        if (file instanceof PostedFile) {
          taken.add(fields.file);
          const outcome = await acceptImage(data, file);
          if ('refused' in outcome)
            problems[fields.src] = `${file.filename ? `“${file.filename}”` : 'The file'} ${outcome.refused}.`;
          else {
            body[fields.src] = `sha256:${outcome.sha256}`;
            delete body[fields.remove];
          }
        }
        const src = body[fields.src];
        const hash = typeof src === 'string' ? contentImagePattern.exec(src)?.[1] : undefined;
        if (hash && body[fields.remove] !== 'yes') named.set(fields.src, hash);
      }
    if (Object.entries(body).some(([name, value]) => value instanceof PostedFile && !taken.has(name))) return undefined;
    const stored = await data.contentImages.stored([...named.values()]);
    for (const [field, hash] of named)
      if (!stored.has(hash)) problems[field] ??= 'This image was not uploaded here: choose the file again.';
    return { body, problems };
  }

  /** The entry a path names, if it is one the site has and the member may edit; undefined once refused. */
  async function entryAsked(request: FastifyRequest, reply: FastifyReply, params: { entry: string }) {
    const id = request.validationError?.validationContext === 'params' ? undefined : params.entry;
    const found = id === undefined ? undefined : entryOf(id);
    const kind = found && contentKinds[found.kind];
    if (
      !id ||
      !found ||
      !kind ||
      (found.key !== undefined && 'keyed' in kind && !app.site.page(kind.keyed(found.key)))
    ) {
      await sendProblem(reply, 404, 'Not found', 'The site has no such entry.');
      return undefined;
    }
    if (!may(sessionOf(request).role, kind.permission)) {
      await sendProblem(reply, 403, 'Not allowed', 'Your role does not allow this. An admin can change it.');
      return undefined;
    }
    const nodes = Object.fromEntries(draftLanguagesOf(kind).map((language) => [language, formOf(kind.schema)]));
    return { id, kind, nodes: nodes as Partial<Record<DraftLanguage, FormNode>> };
  }

  const draftView = (draft: ContentDraft | undefined, request: FastifyRequest) =>
    draft && {
      values: draft.values,
      revision: draft.revision,
      base: draft.base,
      author: draft.author.name,
      mine: draft.author.id === sessionOf(request).id,
      startedAt: draft.startedAt,
      savedAt: draft.savedAt,
    };

  /**
   * The form after a save that lost to another editor's from the same start (issue 55): their
   * draft as it stands, beside the values this one sent, nothing lost. Sent with 409.
   */
  const conflictOf = (
    theirs: ContentDraft | null,
    request: FastifyRequest,
    values: NonNullable<SiteEntryPage['form']>['values'],
    base: string,
  ): Partial<SiteEntryPage> => ({
    draft: draftView(theirs ?? undefined, request),
    form: { values, problems: {}, base, revision: theirs?.revision ?? 0 },
    conflict: {
      author: theirs?.author.name ?? 'Someone',
      savedAt: theirs?.savedAt ?? new Date().toISOString(),
      values: theirs?.values ?? {},
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** An uploaded image's preview, for the form that holds it: members only, never cached (the console's every answer). */
  routes.get(
    '/site/images/:image',
    { schema: { params: imageParams }, attachValidation: true },
    async (request, reply) => {
      const preview = request.validationError ? undefined : await data.contentImages.preview(request.params.image);
      if (!preview) return sendProblem(reply, 404, 'Not found', 'There is no such image.');
      return reply.type('image/webp').send(preview);
    },
  );

  routes.get(
    '/site/:entry',
    { schema: { params: contentEntryParams }, attachValidation: true },
    async (request, reply) => {
      const asked = await entryAsked(request, reply, request.params);
      if (!asked) return reply;
      const draft = await data.contentDrafts.find(asked.id);
      return sendTeamPage(reply, {
        view: 'site-entry',
        entry: asked.id,
        draft: draftView(draft, request),
        notice: noticeFor('site', request.query),
      });
    },
  );

  // The posts of an entry's form in a scope of their own, whose form parser takes a long entry.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    await scope.register(formbody, { bodyLimit: entryFormLimit });
    // A form with an image field is sent as multipart/form-data (content/form.ts, `hasImage`).
    scope.addContentTypeParser(
      'multipart/form-data',
      multipartParser({ fieldBytes: entryFormLimit, fileBytes: imageUploadLimit, files: imageFieldsOf }),
    );
    const posts = scope.withTypeProvider<ZodTypeProvider>();

    posts.post(
      '/site/:entry',
      // The fields are the entry's, read through its form below; the schema takes the form's own.
      { schema: { params: contentEntryParams, body: draftFormSchema }, attachValidation: true },
      async (request, reply) => {
        const asked = await entryAsked(request, reply, request.params);
        if (!asked) return reply;
        if (request.validationError)
          return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
        const { _base: base, _revision: revision, _list: action } = request.body;
        const uploaded = await takeUploads(asked.nodes, { ...request.body });
        if (!uploaded) return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
        const body = uploaded.body;
        const posted = Object.fromEntries(
          Object.entries(asked.nodes).map(([language, node]) => [language, postedValue(node, body, language)]),
        ) as Record<DraftLanguage, FormValue>;
        const page = (form: Partial<SiteEntryPage>): SiteEntryPage => ({
          view: 'site-entry',
          entry: asked.id,
          ...form,
        });
        const draft = draftView(await data.contentDrafts.find(asked.id), request);

        if (action !== undefined) {
          const changed = withListAction(asked.nodes as Record<string, FormNode>, posted, action);
          if (!changed) return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
          return sendTeamPage(reply, page({ draft, form: { values: changed, problems: {}, base, revision } }));
        }

        const values: DraftValues = {};
        const problems: Record<string, string> = { ...uploaded.problems };
        for (const [language, node] of Object.entries(asked.nodes) as Array<[DraftLanguage, FormNode]>) {
          const value = typedValue(node, posted[language]);
          const checked = asked.kind.schema.safeParse(value);
          if (checked.success) values[language] = value;
          else
            for (const [field, problem] of Object.entries(
              problemsByField(node, posted[language], language, checked.error.issues),
            ))
              problems[field] ??= problem;
        }
        if (Object.keys(problems).length > 0)
          return sendTeamPage(reply, page({ draft, form: { values: posted, problems, base, revision } }), 400);

        const actor = actorOf(request);
        const outcome = await saveDraft(data, { entry: asked.id, values, base, revision }, actor);
        if ('conflict' in outcome)
          return sendTeamPage(reply, page(conflictOf(outcome.conflict, request, posted, base)), 409);
        return reply.redirect(`${noticeUrl(`/team/site/${asked.id}`, 'site', 'saved')}#notice`, 303);
      },
    );

    posts.post(
      '/site/:entry/take-over',
      { schema: { params: contentEntryParams, body: takeOverSchema }, attachValidation: true },
      async (request, reply) => {
        const asked = await entryAsked(request, reply, request.params);
        if (!asked) return reply;
        if (request.validationError)
          return sendProblem(reply, 400, 'Not understood', 'The request was not one the console sends.');
        const outcome = await takeOverDraft(data, asked.id, request.body._revision, actorOf(request));
        const done = 'saved' in outcome ? 'taken-over' : 'moved-on';
        return reply.redirect(`${noticeUrl(`/team/site/${asked.id}`, 'site', done)}#notice`, 303);
      },
    );
  });

  siteHistoryRoutes(app, data, entryAsked, { draftView, conflictOf });
}
