import { parse as parseHtml } from 'node-html-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '@growmail/test-support/app';

/**
 * A reference page's .md copy is what an agent reads instead of the page, so it must say all
 * the page says: every code block (examples, samples, responses) and every table cell (fields,
 * status codes), compared here on the built site as the server sends it.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the .md copy of each reference page', () => {
  const pages = () => app.site.routes().filter((route) => route.startsWith('/developers/reference/'));

  it('exists beside every reference page and is served as Markdown', async () => {
    expect(pages().length).toBeGreaterThanOrEqual(4);
    for (const page of pages()) {
      const copy = await app.inject(`${page}.md`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('text/markdown; charset=utf-8');
    }
  });

  it('holds every code block and every table cell its HTML shows', async () => {
    for (const page of pages()) {
      const html = parseHtml((await app.inject(page)).body, {
        blockTextElements: { script: true, style: true },
      }).querySelector('main')!;
      const markdown = (await app.inject(`${page}.md`)).body;
      const flat = words(markdown.replaceAll('\\|', '|').replace(/`/g, ''));
      for (const block of html.querySelectorAll('pre')) expect(markdown, page).toContain(block.textContent.trim());
      for (const cell of html.querySelectorAll('td, tbody th')) {
        // A field's name cell marks it required; the Markdown's row says yes in its own column.
        const field = cell.querySelector('code')?.textContent;
        const marker = [...cell.childNodes].find((node) => node.textContent === 'required');
        if (field && marker) {
          marker.remove();
          const row = markdown.split('\n').find((line) => line.startsWith(`| \`${field}\` |`));
          expect(row?.split(' | ')[2], `${page}: ${field}`).toBe('yes');
        }
        // Each list item and code block on its own (a field's rules are a list in the HTML and
        // one cell, joined by "; ", in the Markdown; an example error its own column), then the
        // words around them, inline code read as its words.
        const blocks = cell.querySelectorAll('li, code.block').map((element) => element.textContent);
        for (const element of cell.querySelectorAll('ul, code.block')) element.remove();
        for (const code of cell.querySelectorAll('code')) code.replaceWith(code.textContent);
        for (const text of [cell.textContent, ...blocks].map(words).filter(Boolean))
          expect(flat, `${page}: ${text}`).toContain(text.replace(/^"(.*)"$/, '$1'));
      }
    }
  });
});
