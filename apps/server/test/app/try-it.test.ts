import { testApp } from '@growmail/test-support/app';
import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The reference pages without JavaScript: `?lang=` and the Try it post, through app.inject(). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ PUBLIC_URL: 'https://www.growmail.test', RATE_LIMIT_PER_MINUTE: '2' });
});
afterAll(() => app.close());

const page = '/developers/reference/contacts';
const shownLanguage = (html: string) =>
  parse(html)
    .querySelectorAll('[data-lang-panel]')
    .filter((panel) => !panel.hasAttribute('hidden'))
    .map((panel) => panel.getAttribute('data-lang-panel'));
const tryIt = (body: string, more: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ operation: 'createContact', body, ...more }).toString(),
  });
const exchange = (html: string) => {
  const root = parse(html, { blockTextElements: { script: true, style: true } });
  const part = (name: string) => root.querySelector(`#try-it-answer-${name}`)?.text ?? '';
  return {
    shown: !root.querySelector('[data-try-result]')!.hasAttribute('hidden'),
    status: part('status'),
    body: part('body'),
    textarea: root.querySelector('form[data-try-it] textarea')!.text,
  };
};

describe('?lang= without JavaScript', () => {
  it('shows curl as built, and the language the query names instead', async () => {
    const built = await app.inject(page);
    expect(shownLanguage(built.body)).toEqual(['curl']);
    for (const lang of ['python', 'go', 'csharp', 'ruby']) {
      const asked = await app.inject(`${page}?lang=${lang}`);
      expect(shownLanguage(asked.body)).toEqual([lang]);
      expect(parse(asked.body).querySelector('a[aria-current="true"]')?.getAttribute('data-lang')).toBe(lang);
      expect(asked.headers.etag).not.toBe(built.headers.etag);
      expect(asked.headers['content-security-policy']).toBe(built.headers['content-security-policy']);
      // The page itself, canonical link included: only the samples' panels and links differ.
      expect(parse(asked.body).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `https://www.growmail.test${page}`,
      );
    }
  });

  it("sends a language's page as built pages are sent: the same bytes and ETag for everyone, 304 when unchanged", async () => {
    const url = `${page}?lang=python`;
    const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const second = await app.inject({ url: `${url}&utm_source=docs`, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    const again = await app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves the page as built for curl or a language it has no sample in', async () => {
    const built = await app.inject(page);
    for (const query of ['?lang=curl', '?lang=cobol', '?lang=', '?lang=%3Cscript%3E', '?lang=PYTHON']) {
      const asked = await app.inject(`${page}${query}`);
      expect(asked.headers.etag, query).toBe(built.headers.etag);
    }
  });

  it("never serves a language's page at its own path", async () => {
    expect((await app.inject(`/_views${page}/python.html`)).statusCode).toBe(404);
  });
});

describe('Try it without JavaScript', () => {
  it('answers with the page, the exchange written in, and the body kept', async () => {
    const response = await tryIt('{"email":"ada@example.com"}');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const shown = exchange(response.body);
    expect(shown).toMatchObject({ shown: true, status: '200 OK', textarea: '{"email":"ada@example.com"}' });
    expect(JSON.parse(shown.body).payload.data.email).toBe('ada@example.com');
  });

  it('shows the sandbox refusing a body with a mistake, and its rate limit', async () => {
    const refused = exchange((await tryIt('{"email":')).body);
    expect(refused.status).toBe('400 Bad Request');
    expect(JSON.parse(refused.body)).toEqual({ error: 'The request body is not valid JSON.', payload: null });
    // The limit is two a minute here, counted by the sandbox for the visitor's address.
    const limited = exchange((await tryIt('{"email":"ada@example.com"}')).body);
    expect(limited.status).toBe('429 Too Many Requests');
  });

  it('says what is wrong with a post it cannot send', async () => {
    const unknown = await tryIt('{}', { operation: 'deleteEverything' });
    expect(unknown.statusCode).toBe(400);
    expect(exchange(unknown.body).status).toMatch(/^Not sent: /);
    const huge = await tryIt('x'.repeat(70 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(exchange(huge.body).status).toMatch(/^Not sent: /);
  });

  it('asks for no key: the form carries the operation and the body only', async () => {
    const form = parse((await app.inject(page)).body).querySelector('form[data-try-it]')!;
    const names = form.querySelectorAll('[name]').map((field) => field.getAttribute('name'));
    expect(names).toEqual(['operation', 'body']);
  });
});
