import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { saveDraft } from '../../src/content/drafts.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { signedIn } from './console-session.ts';
import { entryFormFields } from './entry-form.ts';

/** A page's text, tags and spacing squeezed out, so a sentence is found whole. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('the console’s Site section (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  it('lists every entry by page, each language published, and is where an editor lands', async () => {
    const editor = await signedIn(app, 'editor');
    const landing = await app.inject({ url: '/team', cookies: editor.cookies });
    expect(landing.headers.location).toBe('/team/site');
    const page = await app.inject({ url: '/team/site', cookies: editor.cookies });
    expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-store']);
    const words = text(page.body);
    for (const heading of ['Home', 'Product pages', 'Legal pages']) expect(page.body).toContain(`>${heading}</h2>`);
    for (const label of ['Hero, steps, figures and closing', 'Broadcast Messaging', 'In The News.'])
      expect(words).toContain(label);
    expect(words).toContain('English: Published');
    expect(words).toContain('French: Published');
    expect(words).toContain('Both languages: Published');
    expect(page.body).toMatch(/<a href="\/team\/site"[^>]*aria-current="page"/);
  });

  it('names who has a draft and since when, in the member’s zone', async () => {
    const ada = await signedIn(app, 'editor');
    await saveDraft(
      dataAccess(app.db),
      { entry: 'home', values: { en: {}, fr: {} }, base: 'v-release', revision: 0 },
      { memberId: ada.member.id, name: 'Ada Obi', method: 'passkey' },
      new Date('2026-11-29T09:05:00Z'),
    );
    const bola = await signedIn(app, 'admin');
    const words = text((await app.inject({ url: '/team/site', cookies: bola.cookies })).body);
    expect(words).toContain('English: Draft by Ada Obi since 29 Nov 2026, 10:05');
    expect(words).toContain('French: Draft by Ada Obi since 29 Nov 2026, 10:05');
  });

  it('is closed to viewers and sales, and shown in the navigation only to those it is open to', async () => {
    for (const role of ['viewer', 'sales'] as const) {
      const member = await signedIn(app, role);
      expect((await app.inject({ url: '/team/site', cookies: member.cookies })).statusCode).toBe(403);
      const account = await app.inject({ url: '/team/account', cookies: member.cookies });
      expect(account.body).not.toContain('href="/team/site"');
    }
    const admin = await signedIn(app, 'admin');
    expect((await app.inject({ url: '/team/account', cookies: admin.cookies })).body).toContain('href="/team/site"');
  });
});

describe('an entry’s form (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  const origin = 'http://localhost:4010';
  const post = (
    url: string,
    browser: { cookies: Record<string, string>; csrf: string },
    form: Record<string, string>,
  ) =>
    app.inject({
      method: 'POST',
      url,
      cookies: browser.cookies,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: browser.csrf, ...form }).toString(),
    });

  it('shows an entry’s published words in English and French, each field its own control', async () => {
    const editor = await signedIn(app, 'editor');
    const page = await app.inject({ url: '/team/site/home', cookies: editor.cookies });
    expect(page.statusCode).toBe(200);
    const fields = entryFormFields(page.body);
    expect(fields['en.heroLead']).toMatch(/^Turn one-time buyers into loyal customers\./);
    expect(fields['fr.heroLead']).toBeTruthy();
    expect(fields['en.onboarding.2.title']).toBe('Send your first campaign');
    expect(fields._revision).toBe('0');
    expect(fields._base).toMatch(/^[0-9a-f]{16}$/);
    expect(page.body).toContain('<div lang="fr"');
    for (const url of ['/team/site/nothing', '/team/site/products.nothing', '/team/site/products', '/team/site/home.x'])
      expect([url, (await app.inject({ url, cookies: editor.cookies })).statusCode]).toEqual([url, 404]);
  });

  it('keeps a draft with its author; a bad field gets the form back with its problem and every value kept', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = entryFormFields((await app.inject({ url: '/team/site/home', cookies: editor.cookies })).body);
    const refused = await post('/team/site/home', editor, {
      ...fields,
      'en.heroLead': 'New lead.',
      'fr.closing.cta': '  ',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Nothing was saved.');
    expect(text(refused.body)).toContain('French › Closing › Cta: must not be empty');
    expect(entryFormFields(refused.body)['en.heroLead']).toBe('New lead.');
    expect(await app.contentDrafts.find('home')).toBeUndefined();

    const saved = await post('/team/site/home', editor, { ...fields, 'en.heroLead': 'New lead.' });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/team/site/home?done=saved#notice']);
    const draft = await app.contentDrafts.find('home');
    expect(draft).toMatchObject({ revision: 1, base: fields._base, author: { id: editor.member.id } });
    expect(draft?.values.en).toMatchObject({ heroLead: 'New lead.', onboarding: [{}, {}, {}] });
    const again = await app.inject({ url: '/team/site/home?done=saved', cookies: editor.cookies });
    expect(again.body).toContain('Draft saved.');
    expect(entryFormFields(again.body)).toMatchObject({ 'en.heroLead': 'New lead.', _revision: '1' });
  });

  it('refuses what the build would: three press items, https links and no script link, a long testimonial', async () => {
    const editor = await signedIn(app, 'editor');
    const press = entryFormFields((await app.inject({ url: '/team/site/press', cookies: editor.cookies })).body);
    for (const href of ['http://example.com/', 'javascript:alert(1)', 'data:text/html,hi']) {
      const refused = await post('/team/site/press', editor, { ...press, 'all.1.href': href });
      expect([href, refused.statusCode]).toEqual([href, 400]);
      expect(refused.body).toContain('must be an https:// link');
    }
    const features = entryFormFields(
      (await app.inject({ url: '/team/site/home-features', cookies: editor.cookies })).body,
    );
    const script = await post('/team/site/home-features', editor, { ...features, 'fr.0.link': 'javascript:alert(1)' });
    expect(text(script.body)).toContain('French › 1 › Link: must be a path such as /products/campaign');
    const two = Object.fromEntries(Object.entries(press).filter(([name]) => !name.startsWith('all.2.')));
    expect((await post('/team/site/press', editor, two)).body).toContain(
      'the &quot;In The News.&quot; section shows exactly 3 items',
    );
    const people = entryFormFields(
      (await app.inject({ url: '/team/site/testimonials', cookies: editor.cookies })).body,
    );
    const long = await post('/team/site/testimonials', editor, { ...people, 'all.0.content': 'x'.repeat(401) });
    expect(long.body).toContain('keep a testimonial under 400 characters');
  });

  it('adds, moves and removes a list’s items with buttons that post the form, saving nothing', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = entryFormFields((await app.inject({ url: '/team/site/faqs', cookies: editor.cookies })).body);
    const added = await post('/team/site/faqs', editor, { ...fields, _list: 'add:en.0.answer' });
    expect(added.statusCode).toBe(200);
    const withNew = entryFormFields(added.body);
    const answers = Object.keys(withNew).filter((name) => name.startsWith('en.0.answer.'));
    expect(answers.length).toBe(Object.keys(fields).filter((name) => name.startsWith('en.0.answer.')).length + 1);
    const moved = entryFormFields((await post('/team/site/faqs', editor, { ...fields, _list: 'up:en.1' })).body);
    expect(moved['en.1.question']).toBe(fields['en.0.question']);
    expect(moved['en.0.question']).toBe(fields['en.1.question']);
    expect(await app.contentDrafts.find('faqs')).toBeUndefined();
    expect((await post('/team/site/faqs', editor, { ...fields, _list: 'remove:en.9' })).statusCode).toBe(400);
  });

  it('shows the second of two saves from one start both versions, and saves nothing of it', async () => {
    const ada = await signedIn(app, 'editor');
    const bola = await signedIn(app, 'admin');
    const start = entryFormFields(
      (await app.inject({ url: '/team/site/products.campaign', cookies: ada.cookies })).body,
    );
    expect(start['en.hero.lead']).toBeTruthy();
    const first = await post('/team/site/products.campaign', ada, { ...start, 'en.hero.eyebrow': 'Ada’s eyebrow' });
    expect(first.statusCode).toBe(303);
    const second = await post('/team/site/products.campaign', bola, { ...start, 'en.hero.eyebrow': 'Bola’s eyebrow' });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('after you opened it');
    expect(second.body).toMatch(
      /English › Hero › Eyebrow<\/th><td[^>]*>Ada’s eyebrow<\/td><td[^>]*>Bola’s eyebrow<\/td>/,
    );
    const kept = entryFormFields(second.body);
    expect([kept['en.hero.eyebrow'], kept._revision]).toEqual(['Bola’s eyebrow', '1']);
    expect((await app.contentDrafts.find('products.campaign'))?.values.en).toMatchObject({
      hero: { eyebrow: 'Ada’s eyebrow' },
    });
    // Saved again, knowing: Bola's version replaces Ada's.
    expect((await post('/team/site/products.campaign', bola, kept)).statusCode).toBe(303);
    expect((await app.contentDrafts.find('products.campaign'))?.author.name).toBe('A admin');
  });

  it('tells another editor who has the draft, and lets them take it over', async () => {
    const ada = await signedIn(app, 'editor');
    const bola = await signedIn(app, 'editor');
    const start = entryFormFields((await app.inject({ url: '/team/site/legal.terms', cookies: ada.cookies })).body);
    expect((await post('/team/site/legal.terms', ada, start)).statusCode).toBe(303);
    const seen = await app.inject({ url: '/team/site/legal.terms', cookies: bola.cookies });
    expect(text(seen.body)).toContain('A editor is editing this entry');
    const taken = await post('/team/site/legal.terms/take-over', bola, { _revision: '1' });
    expect([taken.statusCode, taken.headers.location]).toEqual([303, '/team/site/legal.terms?done=taken-over#notice']);
    expect((await app.contentDrafts.find('legal.terms'))?.author.id).toBe(bola.member.id);
    const late = await post('/team/site/legal.terms/take-over', ada, { _revision: '1' });
    expect(late.headers.location).toBe('/team/site/legal.terms?done=moved-on#notice');
    expect((await app.audit.forRecord('content', 'legal.terms')).map((row) => row.action)).toEqual([
      'content.draft-saved',
      'content.draft-taken-over',
    ]);
  });

  it('refuses a post without its token, from another origin, or by a role without content', async () => {
    const editor = await signedIn(app, 'editor');
    const fields = entryFormFields((await app.inject({ url: '/team/site/partners', cookies: editor.cookies })).body);
    const noToken = await app.inject({
      method: 'POST',
      url: '/team/site/partners',
      cookies: editor.cookies,
      headers: { origin },
      payload: fields,
    });
    expect(noToken.statusCode).toBe(403);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/team/site/partners',
      cookies: editor.cookies,
      headers: { origin: 'https://evil.example' },
      payload: { ...fields, _csrf: editor.csrf },
    });
    expect(elsewhere.statusCode).toBe(403);
    for (const role of ['viewer', 'sales'] as const)
      expect((await post('/team/site/partners', await signedIn(app, role), fields)).statusCode).toBe(403);
    expect((await post('/team/site/partners', editor, { ...fields, _revision: 'x' })).statusCode).toBe(400);
    expect(await app.contentDrafts.find('partners')).toBeUndefined();
  });
});
