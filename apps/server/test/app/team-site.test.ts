import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { saveDraft } from '../../src/content/drafts.ts';
import { dataAccess } from '../../src/repositories/index.ts';
import { signedIn } from './console-session.ts';

describe('the console’s Site section (D45)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  /** The page's text, tags and spacing squeezed out, so a sentence is found whole. */
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

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
