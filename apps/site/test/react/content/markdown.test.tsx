import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/components/markdown';
import { productFaqsIn } from '@/lib/content/faqs';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('the site’s subset of Markdown, rendered (D45, issue 55)', () => {
  it('renders a text with no Markdown in it as the plain paragraph it was, byte for byte', () => {
    for (const language of ['en', 'fr'] as const)
      for (const paragraph of productFaqsIn[language].flatMap((faq) => faq.answer))
        expect(html(paragraph)).toBe(renderToStaticMarkup(<p>{paragraph}</p>));
    expect(html('Fish & chips <3, 99.9% of the time.')).toBe('<p>Fish &amp; chips &lt;3, 99.9% of the time.</p>');
  });

  it('renders strong, emphasis, links and bullet lists as the site’s own elements', () => {
    expect(html('Send **now** or *later*, see [pricing](/pricing).')).toBe(
      '<p>Send <strong>now</strong> or <em>later</em>, see <a href="/pricing" class="text-brand-800 underline underline-offset-4">pricing</a>.</p>',
    );
    expect(html('What you get:\n\n- one\n- **two**')).toBe(
      '<p>What you get:</p><ul class="list-disc space-y-2 pl-6"><li><span>one</span></li><li><span><strong>two</strong></span></li></ul>',
    );
  });

  it('shows anything outside the subset, which a save refuses, as words and never as markup', () => {
    expect(html('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html('# Title')).toBe('Title');
  });
});
