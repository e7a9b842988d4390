import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';
import { signedIn } from './console-session.ts';
import { entryFormFields } from './entry-form.ts';

/** A page's text, tags and spacing squeezed out, so a sentence is found whole. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('Markdown in the site’s subset, in the console (D45, issue 55)', () => {
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    app = await testApp({ PUBLIC_URL: 'http://localhost:4010' });
  });
  afterAll(() => app.close());

  const post = (browser: { cookies: Record<string, string>; csrf: string }, form: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/team/site/faqs',
      cookies: browser.cookies,
      headers: { origin: 'http://localhost:4010', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: browser.csrf, ...form }).toString(),
    });

  it('says which fields take Markdown, and saves an answer with a link and a bullet list', async () => {
    const editor = await signedIn(app, 'editor');
    const page = await app.inject({ url: '/team/site/faqs', cookies: editor.cookies });
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain('Answer 1 (**strong**, *emphasis*, [words](https://…), - list)');
    const fields = entryFormFields(page.body);
    const answer = 'See **our** [pricing](/pricing) or [write to us](mailto:hello@growmail.io):\n\n- one\n- two';
    const saved = await post(editor, { ...fields, 'en.0.answer.0': answer });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, '/team/site/faqs?done=saved#notice']);
    const draft = await app.contentDrafts.find('faqs');
    expect((draft!.values.en as Array<{ answer: string[] }>)[0]!.answer[0]).toBe(answer);
  });

  it('refuses Markdown outside the subset, and a script link, each by its field with every value kept', async () => {
    const editor = await signedIn(app, 'editor');
    const before = await app.contentDrafts.find('faqs');
    const fields = entryFormFields((await app.inject({ url: '/team/site/faqs', cookies: editor.cookies })).body);
    const refused = await post(editor, {
      ...fields,
      'en.0.answer.0': 'Click [here](javascript:alert(document.cookie)).',
      'en.1.answer.1': 'Hello <img src=x onerror=alert(1)>',
      'fr.2.answer.0': '## Un titre',
      'fr.2.answer.1': '![logo](/logo.png)',
    });
    expect(refused.statusCode).toBe(400);
    const problems = Object.fromEntries(
      [...refused.body.matchAll(/<p id="([^"]+)-p"[^>]*>([^<]+)<\/p>/g)].map(([, field, problem]) => [
        field,
        text(problem!),
      ]),
    );
    expect(problems).toEqual({
      'en.0.answer.0': expect.stringMatching(
        /^holds a link to “javascript:alert\(document.cookie\)”: a link goes to http\(s\), mailto:, tel: or a path/,
      ),
      'en.1.answer.1': expect.stringMatching(/^holds HTML/),
      'fr.2.answer.0': expect.stringMatching(/^holds a heading/),
      'fr.2.answer.1': expect.stringMatching(/^holds an image/),
    });
    const kept = entryFormFields(refused.body);
    expect(kept['en.0.answer.0']).toBe('Click [here](javascript:alert(document.cookie)).');
    expect(kept['en.1.answer.1']).toBe('Hello <img src=x onerror=alert(1)>');
    expect(await app.contentDrafts.find('faqs'), 'nothing saved').toEqual(before);
  });
});
