import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { saveDraft } from '../../src/content/drafts.ts';
import { finishPublish } from '../../src/content/publish.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { releaseOf } from '../../src/site/release.ts';
import { signedIn } from './console-session.ts';

/** The site's sources beside the build these tests serve: the release a preview must be built on. */
const siteSources = join(import.meta.dirname, '..', '..', '..', 'site');

/** A page's text, tags and spacing squeezed out, so a sentence is found whole. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('Publish, in the console’s Site section (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  const post = (
    browser: { cookies: Record<string, string>; csrf: string },
    form: Array<[string, string]>,
    url = '/team/site/publish',
  ) =>
    app.inject({
      method: 'POST',
      url,
      cookies: browser.cookies,
      headers: { origin: 'http://localhost:4010', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([['_csrf', browser.csrf], ...form]).toString(),
    });

  const draftBy = (member: { id: string }, entry: string, revision = 0) =>
    saveDraft(
      dataAccess(app.db),
      { entry, values: { en: { heroLead: 'New words' }, fr: { heroLead: 'Mots nouveaux' } }, base: 'v', revision },
      { memberId: member.id, name: 'Ada Obi', method: 'passkey' },
    );

  it('offers the drafts to publish, each ticked, and queues the chosen ones with the editor’s new words', async () => {
    const editor = await signedIn(app, 'editor');
    expect((await app.inject({ url: '/team/site', cookies: editor.cookies })).body, 'no draft, no form').not.toContain(
      'action="/team/site/publish"',
    );
    await draftBy(editor.member, 'home');
    const page = await app.inject({ url: '/team/site', cookies: editor.cookies });
    expect(page.body).toContain('action="/team/site/publish"');
    expect(page.body).toContain('<input type="checkbox" name="entries" checked="" value="home"/>');

    const sent = await post(editor, [
      ['entries', 'home'],
      ['words', 'Okonkwo\nAdebayo'],
    ]);
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/team/site?done=publish-requested#notice']);
    const data = dataAccess(app.db);
    const [queued] = await data.contentPublishes.recent(1);
    expect(queued).toMatchObject({
      state: 'queued',
      entries: ['home'],
      words: ['Okonkwo', 'Adebayo'],
      requestedBy: editor.member.name,
    });
    const after = text((await app.inject({ url: sent.headers.location!, cookies: editor.cookies })).body);
    expect(after).toContain('Publishing. The site is being built and checked with your drafts');
    expect(after).toContain(`Waiting to be built: home, by ${editor.member.name}`);
    const audit = await data.audit.list(5);
    expect(audit.find((row) => row.action === 'content.publish-requested')).toMatchObject({
      member_id: editor.member.id,
      record_id: queued!.id,
    });
  });

  it('shows a refused publish’s problems, each by its entry and field, linked to the entry', async () => {
    const editor = await signedIn(app, 'editor');
    const data = dataAccess(app.db);
    const publish = (await data.contentPublishes.take(new Date()))!;
    await finishPublish(data, publish, {
      state: 'refused',
      problems: [
        { entry: 'home', field: 'en.heroLead', message: 'the spelling check does not know “Zorbleflax”' },
        { message: '/fr would be 17.40 KB, over its 17.2 KB budget' },
      ],
    });
    const page = await app.inject({ url: '/team/site', cookies: editor.cookies });
    const words = text(page.body);
    expect(words).toContain('Refused: visitors see no change: home');
    expect(words).toContain('home › en.heroLead: the spelling check does not know “Zorbleflax”');
    expect(words).toContain('/fr would be 17.40 KB, over its 17.2 KB budget');
    expect(page.body).toContain('href="/team/site/home"');
    // Issue 54's budget, with a draft to publish and a refused publish listed.
    expect(brotliCompressSync(page.body).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('shows a publish that is live but whose push to the Git remote failed, until a later push carries it', async () => {
    const editor = await signedIn(app, 'editor');
    const publishes = dataAccess(app.db).contentPublishes;
    await publishes.request({
      id: 'pushed-later',
      purpose: 'publish',
      drafts: { faqs: { values: {}, revision: 1 } },
      words: [],
      by: { id: editor.member.id, name: editor.member.name },
      at: new Date(),
    });
    await publishes.take(new Date());
    await publishes.finish('pushed-later', { state: 'passed', commit: 'c0ffee' }, new Date());
    await publishes.recordPush('pushed-later', 'rejected, fetch first');
    const failed = text((await app.inject({ url: '/team/site', cookies: editor.cookies })).body);
    expect(failed).toContain(
      'Live, but not yet in the Git history: the push was refused (rejected, fetch first). The next publish tries again.',
    );
    await publishes.recordPush('later', undefined);
    const pushed = text((await app.inject({ url: '/team/site', cookies: editor.cookies })).body);
    expect(pushed).not.toContain('not yet in the Git history');
  });

  it('sends the form back when no draft is chosen or a new word is not a word, keeping what was typed', async () => {
    const editor = await signedIn(app, 'editor');
    const none = await post(editor, [['words', 'Okonkwo']]);
    expect(none.statusCode).toBe(400);
    expect(text(none.body)).toContain('Choose at least one draft to publish.');
    expect(none.body).toMatch(/<textarea[^>]*name="words"[^>]*>Okonkwo<\/textarea>/);

    const bad = await post(editor, [
      ['entries', 'home'],
      ['words', 'Okonkwo <script>'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain('Check the new words: give words of letters only, one per line');
    expect(bad.body).toContain('Okonkwo &lt;script&gt;');
  });

  it('is refused to viewers and sales, and to a forged request', async () => {
    for (const role of ['viewer', 'sales'] as const) {
      const member = await signedIn(app, role);
      expect((await post(member, [['entries', 'home']])).statusCode).toBe(403);
    }
    const editor = await signedIn(app, 'editor');
    expect((await post({ ...editor, csrf: 'forged' }, [['entries', 'home']])).statusCode).toBe(403);
  });

  it('answers an entry that does not exist with the form back, and a publish of drafts since published with its reason', async () => {
    const editor = await signedIn(app, 'editor');
    const unknown = await post(editor, [['entries', 'nothing.here']]);
    expect([unknown.statusCode, text(unknown.body).includes('Choose drafts from the list.')]).toEqual([400, true]);
    const gone = await post(editor, [['entries', 'faqs']]);
    expect([gone.statusCode, text(gone.body).includes('Those drafts are gone')]).toEqual([400, true]);
  });

  it('builds a preview members open page by page, never cached nor indexed, and never made current', async () => {
    const editor = await signedIn(app, 'editor');
    const data = dataAccess(app.db);
    await draftBy(editor.member, 'legal.terms');
    const sent = await post(editor, [['entries', 'legal.terms']], '/team/site/preview');
    expect([sent.statusCode, sent.headers.location]).toEqual([303, '/team/site?done=preview-requested#notice']);
    const taken = (await data.contentPublishes.take(new Date()))!;
    expect(taken).toMatchObject({ purpose: 'preview', entries: ['legal.terms'] });

    // The publisher's build of it, in small: the terms page with the draft's words, and home.
    const terms = app.site.page('/terms')!.body.toString('utf8');
    const files = new Map([
      ['/terms.html', Buffer.from(terms.replace('</main>', '<p>Previewed words.</p></main>'))],
      ['/index.html', app.site.page('/')!.body],
    ]);
    await finishPublish(data, taken, { state: 'passed', commit: 'c0ffee', release: releaseOf(siteSources), files });
    const { version } = (await data.contentPublishes.find(taken.id))!;
    expect(await data.contentVersions.currentId(), 'a preview is not published').toBeUndefined();
    expect(await data.contentDrafts.find('legal.terms'), 'its draft stays').toBeDefined();

    const site = text((await app.inject({ url: '/team/site', cookies: editor.cookies })).body);
    expect(site).toContain('Preview ready: legal.terms');
    const page = await app.inject({ url: `/team/site/preview/${version}/terms`, cookies: editor.cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Previewed words.');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body, 'its links stay in the preview').toContain(`href="/team/site/preview/${version}/privacy"`);
    // Its hashed assets too: new words change the stylesheet and the font, which the live site lacks.
    const css = new RegExp(`href="(/team/site/preview/${version}/_astro/[^"]+\\.css)"`).exec(page.body)?.[1];
    expect(css, 'its stylesheet is the preview’s').toBeDefined();
    expect((await app.inject({ url: css!, cookies: editor.cookies })).statusCode).toBe(200);
    expect((await app.inject('/terms')).body, 'visitors see no change').not.toContain('Previewed words.');

    expect((await app.inject(`/team/site/preview/${version}/terms`)).statusCode, 'signed out').toBe(303);
    const sales = await signedIn(app, 'sales');
    expect((await app.inject({ url: `/team/site/preview/${version}/terms`, cookies: sales.cookies })).statusCode).toBe(
      403,
    );
    const missing = `/team/site/preview/${version}/no-such-page`;
    expect((await app.inject({ url: missing, cookies: editor.cookies })).statusCode).toBe(404);
    const unknown = `/team/site/preview/00000000-0000-0000-0000-000000000000/terms`;
    expect((await app.inject({ url: unknown, cookies: editor.cookies })).statusCode).toBe(404);
  });
});
