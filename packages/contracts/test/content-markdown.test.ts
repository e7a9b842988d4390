import { describe, expect, it } from 'vitest';
import { formOf } from '../src/content/form.ts';
import { allowedLink, markdownProblem } from '../src/content/markdown.ts';
import { faqsSchema } from '../src/content/schemas.ts';

describe('the site’s subset of Markdown (D45, issue 55)', () => {
  it('takes paragraphs, strong, emphasis, links and bullet lists', () => {
    for (const text of [
      'Plain words, 99.9% of them.',
      'Send **now** or *later*, see [pricing](/pricing) or [mail us](mailto:hello@growmail.io).',
      'Call [us](tel:+2341234567) or read [the news](https://example.com/a?b=c).\n\n- one\n- two',
      'Links to <https://example.com> are links too.',
    ])
      expect([text, markdownProblem(text)]).toEqual([text, undefined]);
  });

  it('refuses raw HTML, images, headings, code, quotes, numbered lists and reference links, each in words', () => {
    const refused: Array<[string, RegExp]> = [
      ['Hello <b>there</b>', /holds HTML/],
      ['<div>block</div>', /holds HTML/],
      ['![logo](/logo.png)', /holds an image/],
      ['# A heading', /holds a heading/],
      ['Title\n===', /holds a heading/],
      ['Run `rm -rf`', /holds code/],
      ['    indented code', /holds code/],
      ['> quoted', /holds a quote/],
      ['1. first\n2. second', /numbered list/],
      ['words\n\n---', /holds a rule/],
      ['[a][ref]\n\n[ref]: https://example.com', /link/],
      ['line  \nbreak', /line break/],
    ];
    for (const [text, problem] of refused)
      expect([text, markdownProblem(text)]).toEqual([text, expect.stringMatching(problem)]);
  });

  it('refuses a link that is not http(s), mailto, tel or a site path: a script link first of all', () => {
    for (const text of [
      '[click](javascript:alert(1))',
      '[click](JavaScript:alert(1))',
      '<javascript:alert(1)>',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '[other site](//evil.example/path)',
      '[ftp](ftp://example.com)',
    ])
      expect([text, markdownProblem(text)]).toEqual([
        text,
        expect.stringMatching(/^holds a link to .*a link goes to http\(s\), mailto:, tel: or a path on this site/),
      ]);
    expect(['https://a.b', 'http://a.b', 'mailto:a@b.c', 'tel:+1', '/pricing'].every(allowedLink)).toBe(true);
    expect(['javascript:x', '//a.b', 'data:x', 'vbscript:x', 'pricing'].some(allowedLink)).toBe(false);
  });

  it('is how the FAQ answers are checked, the problem at its paragraph', () => {
    const faqs = [1, 2, 3].map((n) => ({ question: `Question ${n}?`, answer: ['An **answer**.'] }));
    expect(faqsSchema.safeParse(faqs).success).toBe(true);
    faqs[1]!.answer = ['Fine.', 'See [this](javascript:alert(1)).'];
    const checked = faqsSchema.safeParse(faqs);
    expect(checked.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'answer', 1], expect.stringMatching(/^holds a link to “javascript:alert\(1\)”/)],
    ]);
  });

  it('gives a Markdown field its own control: a box that says what it takes', () => {
    const faqs = formOf(faqsSchema);
    const faq = faqs.type === 'list' ? faqs.item : undefined;
    const answer = faq?.type === 'group' ? faq.fields.find(([name]) => name === 'answer')?.[1] : undefined;
    expect(answer?.type === 'list' && answer.item).toMatchObject({ type: 'text', long: true, markdown: true });
    const question = faq?.type === 'group' ? faq.fields.find(([name]) => name === 'question')?.[1] : undefined;
    expect(question).not.toHaveProperty('markdown');
  });
});
