import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditRefused } from '@growmail/test-support/audit';
import { testApp } from '@growmail/test-support/app';
import { testDatabases } from '@growmail/test-support/databases';
import { saveDraft } from '../../src/content/drafts.ts';
import { publishedIn } from '../../src/content/history.ts';
import { finishPublish, requestPublish } from '../../src/content/publish.ts';
import { finishUndo, undoLastPublish } from '../../src/content/undo.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { buildFiles } from '../../src/site/build-files.ts';
import { releaseOf } from '../../src/site/release.ts';
import { signedIn } from './console-session.ts';

const dist = join(import.meta.dirname, '..', '..', '..', 'site', 'dist');
/** The release these servers run, which a version must be built on to be served. */
const release = releaseOf(join(dist, '..'));
/** The home page's lead as the release has it. */
const releasedLead = 'Turn one-time buyers into loyal customers.';

/** The home page's copy in each language as the release publishes it. */
const releasedHome = (
  JSON.parse(readFileSync(join(dist, 'content-entries.json'), 'utf8')) as Array<{
    id: string;
    published: Record<'en' | 'fr', Record<string, unknown>>;
  }>
).find((entry) => entry.id === 'home')!.published;
/** The home page's values with these leads. */
const homeWith = (en: string, fr: string) => ({
  en: { ...releasedHome.en, heroLead: en },
  fr: { ...releasedHome.fr, heroLead: fr },
});

/** A page's text, tags and spacing squeezed out, so a sentence is found whole. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
const origin = 'http://localhost:4010';

describe.each(await testDatabases())('an entry’s history, restore and undo on $name (D45)', ({ name, open }) => {
  let app: Awaited<ReturnType<typeof testApp>>;
  let editor: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: origin }, { db: await open() });
    editor = await signedIn(app, 'editor');
  });
  afterAll(() => app?.close());

  const post = (browser: typeof editor, url: string, form: Array<[string, string]>) =>
    app.inject({
      method: 'POST',
      url,
      cookies: browser.cookies,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([['_csrf', browser.csrf], ...form]).toString(),
    });
  const page = async (url: string, browser = editor) => app.inject({ url, cookies: browser.cookies });

  /**
   * A publish of the home page's lead through the use cases, as the publisher finishes it: built on
   * another release, so these servers never load its two files in place of the site.
   */
  async function published(en: string, fr: string) {
    const data = dataAccess(app.db);
    const author = { memberId: editor.member.id, name: editor.member.name, method: 'passkey' as const };
    const draft = await data.contentDrafts.find('home');
    await saveDraft(
      data,
      {
        entry: 'home',
        values: homeWith(en, fr),
        base: 'v',
        revision: draft?.revision ?? 0,
      },
      author,
    );
    const id = (await requestPublish(data, { entries: ['home'], words: [] }, author))!;
    const taken = (await built(data))!;
    const entries = JSON.stringify([{ id: 'home', published: homeWith(en, fr) }]);
    const files = new Map([
      ['/index.html', Buffer.from(`<p>${en}</p>`)],
      ['/content-entries.json', Buffer.from(entries)],
    ]);
    await finishPublish(data, taken, { state: 'passed', commit: `c0ffee${id.slice(0, 4)}`, release: 'another', files });
    return id;
  }

  /** The next publish the publisher takes, the undos before it reverted as the publisher does. */
  async function built(data: ReturnType<typeof dataAccess>) {
    for (;;) {
      const taken = await data.contentPublishes.take(new Date());
      if (taken?.purpose !== 'undo') return taken;
      expect(await finishUndo(data, taken, { state: 'passed', commit: 'reverted' })).toBe(true);
    }
  }

  let first: string;
  let second: string;

  it('shows each publish of an entry, newest first, by whom and when, with a word diff in both languages', async () => {
    const empty = text((await page('/team/site/home/history')).body);
    expect(empty).toContain('No publish has changed this entry yet');

    first = await published('Keep every buyer coming back.', 'Faites revenir chaque client.');
    second = await published('Keep every loyal buyer coming back.', 'Faites revenir chaque client fidèle.');
    const answer = await page('/team/site/home/history');
    expect(answer.statusCode).toBe(200);
    const words = text(answer.body);
    expect(words).toContain(`Published by ${editor.member.name}`);
    expect(words.indexOf('Keep every loyal buyer')).toBeLessThan(words.indexOf('[removed: Turn'));
    // The newest against the one before it: one word added in each language, said in words too.
    expect(answer.body).toMatch(
      /<ins[^>]*><span class="sr-only"> \[added: <\/span>loyal <span class="sr-only">\] <\/span><\/ins>/,
    );
    expect(words).toContain('chaque client [added: fidèle');
    // The first against the release's own words, read from the release's build.
    expect(words).toContain(`[removed: ${releasedLead.split(' ')[0]}`);
    expect(words).toContain('English › Hero lead');
    expect(words).toContain('French › Hero lead');
    // The newest is what visitors see; each earlier one can be restored.
    expect(answer.body.match(/action="\/team\/site\/home\/restore"/g)).toHaveLength(1);
    expect(answer.body).toContain(`name="_publish" value="${first}"`);
    expect(brotliCompressSync(answer.body).length).toBeLessThanOrEqual(10 * 1024);

    // Linked from the entry's form and from the Site list.
    expect((await page('/team/site/home')).body).toContain('href="/team/site/home/history"');
    expect((await page('/team/site')).body).toContain('href="/team/site/home/history"');
  });

  it('restores an earlier version as a draft, audited, and shows a draft saved since beside it, nothing lost', async () => {
    const data = dataAccess(app.db);
    const history = (await page('/team/site/home/history')).body;
    const base = /name="_base" value="([0-9a-f]{16})"/.exec(history)![1]!;
    const restored = await post(editor, '/team/site/home/restore', [
      ['_publish', first],
      ['_base', base],
      ['_revision', '0'],
    ]);
    expect([restored.statusCode, restored.headers.location]).toEqual([303, '/team/site/home?done=restored#notice']);
    const draft = (await data.contentDrafts.find('home'))!;
    expect(draft.values).toEqual(homeWith('Keep every buyer coming back.', 'Faites revenir chaque client.'));
    const [audit] = await data.audit.list(1);
    expect(audit).toMatchObject({ action: 'content.draft-restored', record_id: 'home', member_id: editor.member.id });

    // Another editor opened the history before that draft: theirs is not written over it.
    const other = await signedIn(app, 'editor');
    const late = await post(other, '/team/site/home/restore', [
      ['_publish', first],
      ['_base', base],
      ['_revision', '0'],
    ]);
    expect(late.statusCode).toBe(409);
    expect(text(late.body)).toContain(`${editor.member.name} saved this entry at`);
    expect((await data.contentDrafts.find('home'))!.revision).toBe(draft.revision);

    const unknown = await post(editor, '/team/site/home/restore', [
      ['_publish', randomUUID()],
      ['_base', base],
      ['_revision', String(draft.revision)],
    ]);
    expect(unknown.statusCode).toBe(404);
    await data.contentDrafts.removePublished('home', draft.revision);
  });

  it('asks before undoing the last publish, then makes the version before it current, audited, in every list', async () => {
    const data = dataAccess(app.db);
    const before = (await data.contentPublishes.find(first))!.version;
    const ask = await page('/team/site/undo');
    expect(ask.statusCode).toBe(200);
    expect(text(ask.body)).toContain(`Undo the publish of home by ${editor.member.name}`);
    expect(ask.body).toContain(`name="publish" value="${second}"`);
    expect(await data.contentVersions.currentId(), 'asking changes nothing').toBe(
      (await data.contentPublishes.find(second))!.version,
    );
    expect(brotliCompressSync(ask.body).length).toBeLessThanOrEqual(10 * 1024);

    const undone = await post(editor, '/team/site/undo', [['publish', second]]);
    expect([undone.statusCode, undone.headers.location]).toEqual([303, '/team/site?done=undone#notice']);
    expect(await data.contentVersions.currentId()).toBe(before);
    const audit = (await data.audit.list(5)).find((row) => row.action === 'content.undone')!;
    expect(audit).toMatchObject({ member_id: editor.member.id, record_type: 'content-publish' });
    expect(JSON.parse(audit.detail)).toMatchObject({ undoes: second, entries: ['home'] });

    const site = text((await page(undone.headers.location!)).body);
    expect(site).toContain('Undone. Visitors see the site as it was before that publish');
    expect(site).toContain(`Undone by ${editor.member.name}: home`);
    const history = text((await page('/team/site/home/history')).body);
    expect(history).toContain(`Undone by ${editor.member.name}`);
    expect(history).toContain('It took back the publish of');
    // The undo brought the first publish's words back: the diff says so.
    expect(history).toContain('[removed: loyal');

    // The same confirmation posted again: the last publish now is the first, not the one confirmed.
    const stale = await post(editor, '/team/site/undo', [['publish', second]]);
    expect(stale.statusCode).toBe(409);
    expect(text(stale.body)).toContain('Another publish or undo came since you opened this page.');
    expect(await data.contentVersions.currentId()).toBe(before);
  });

  it('writes nothing when its audit row cannot be written', async () => {
    const data = dataAccess(app.db);
    const current = await data.contentVersions.currentId();
    const entries = publishedIn(data, app.config.siteDir);
    const actor = { memberId: editor.member.id, name: editor.member.name, method: 'passkey' as const };
    await withAuditRefused(app.db, () => undoLastPublish(data, first, entries, actor));
    expect(await data.contentVersions.currentId()).toBe(current);
    expect((await data.contentPublishes.recent(10)).filter((row) => row.purpose === 'undo')).toHaveLength(1);
  });

  it('says clearly when there is nothing to undo, and waits for a publish being built', async () => {
    const data = dataAccess(app.db);
    // Undo the first publish too: the release's own build again.
    expect((await post(editor, '/team/site/undo', [['publish', first]])).statusCode).toBe(303);
    expect(await data.contentVersions.currentId()).toBeUndefined();
    const nothing = await page('/team/site/undo');
    expect(nothing.statusCode).toBe(200);
    expect(text(nothing.body)).toContain('There is nothing to undo');
    expect(nothing.body).not.toContain('action="/team/site/undo"');
    const none = await post(editor, '/team/site/undo', [['publish', first]]);
    expect([none.statusCode, text(none.body).includes('There is nothing to undo')]).toEqual([409, true]);

    await published('A lead published again.', 'Un chapeau publié de nouveau.');
    const author = { memberId: editor.member.id, name: editor.member.name, method: 'passkey' as const };
    await saveDraft(data, { entry: 'faqs', values: { en: [], fr: [] }, base: 'v', revision: 0 }, author);
    await requestPublish(data, { entries: ['faqs'], words: [] }, author);
    expect(text((await page('/team/site/undo')).body)).toContain('A publish is being built and checked.');

    // Built: the version before it is the one published again above. Once deleted as too old
    // (content-versions.ts's prune keeps a few), there is nothing to go back to.
    const faqs = (await built(data))!;
    await finishPublish(data, faqs, {
      state: 'passed',
      commit: 'c0ffeefa',
      release: 'another',
      files: new Map([['/index.html', Buffer.from('<p>Questions.</p>')]]),
    });
    const before = (await data.contentVersions.find((await data.contentVersions.currentId())!))!.previousId!;
    const row = await app.db.kysely
      .selectFrom('content_versions')
      .selectAll()
      .where('id', '=', before)
      .executeTakeFirstOrThrow();
    await app.db.kysely.deleteFrom('content_versions').where('id', '=', before).execute();
    const deleted = await page('/team/site/undo');
    expect(text(deleted.body)).toContain('The version before this publish is no longer kept');
    expect(deleted.body).not.toContain('action="/team/site/undo"');
    // Kept again, and undone, so the next test finds the publish made again above as the last.
    await app.db.kysely.insertInto('content_versions').values(row).execute();
    expect(await undoLastPublish(data, faqs.id, publishedIn(data, app.config.siteDir), author)).toHaveProperty('undo');
  });

  it('refuses history and restore to viewers and sales, and undo to every role without content.publish', async () => {
    for (const role of ['viewer', 'sales'] as const) {
      const member = await signedIn(app, role);
      expect((await page('/team/site/home/history', member)).statusCode).toBe(403);
      expect((await page('/team/site/undo', member)).statusCode).toBe(403);
      expect((await post(member, '/team/site/undo', [['publish', first]])).statusCode).toBe(403);
      expect(
        (
          await post(member, '/team/site/home/restore', [
            ['_publish', first],
            ['_base', '0'.repeat(16)],
            ['_revision', '0'],
          ])
        ).statusCode,
      ).toBe(403);
    }
    const admin = await signedIn(app, 'admin');
    expect((await page('/team/site/undo', admin)).statusCode).toBe(200);
    expect((await page('/team/site/home/history', admin)).statusCode).toBe(200);
  });

  // The switch itself, once: a version made of the release's whole build, as content-version.test.ts stores one.
  it.runIf(name === 'sqlite')(
    'serves the release’s own words again when the first publish is undone',
    { timeout: 60_000 },
    async () => {
      const data = dataAccess(app.db);
      // Nothing waits: a publish still queued is refused.
      const queued = await built(data);
      if (queued) await finishPublish(data, queued, { state: 'refused', problems: [{ message: 'set aside' }] });
      // Back to the release's build, so the next publish is the first over it.
      const currentId = await data.contentVersions.currentId();
      expect(currentId).toBeDefined();
      const current = (await data.contentVersions.find(currentId!))!;
      await undoLastPublish(data, current.publishId, publishedIn(data, app.config.siteDir), {
        memberId: editor.member.id,
        name: editor.member.name,
        method: 'passkey',
      });
      const etag = (await app.inject('/')).headers.etag;

      const files = await buildFiles(dist);
      files.set(
        '/index.html',
        Buffer.from(files.get('/index.html')!.toString('utf8').replace(releasedLead, 'Words we took back.')),
      );
      files.delete('/index.html.br');
      files.delete('/index.html.gz');
      const author = { memberId: editor.member.id, name: editor.member.name, method: 'passkey' as const };
      await saveDraft(data, { entry: 'home', values: homeWith('x', 'x'), base: 'v', revision: 0 }, author);
      const id = (await requestPublish(data, { entries: ['home'], words: [] }, author))!;
      await finishPublish(data, (await built(data))!, {
        state: 'passed',
        commit: 'c0ffee',
        release,
        files,
      });
      await app.contentVersion.check();
      expect((await app.inject('/')).body).toContain('Words we took back.');

      const undone = await post(editor, '/team/site/undo', [['publish', id]]);
      expect(undone.statusCode).toBe(303);
      const home = await app.inject('/');
      expect(home.body).not.toContain('Words we took back.');
      expect(home.body).toContain(releasedLead);
      expect(home.headers.etag).toBe(etag);
      expect((await app.inject('/services/health/ready')).json().payload.version).toBe('release');
    },
  );
});
