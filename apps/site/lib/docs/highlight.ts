import { createHighlighter, type BundledLanguage } from 'shiki';

/**
 * Syntax highlighting at build time: the pages ship coloured HTML and no highlighter.
 * The high-contrast theme keeps every token at WCAG AA contrast on white.
 */
const languages = ['bash', 'javascript', 'typescript', 'python', 'json', 'html', 'yaml'] as const;
const theme = 'github-light-high-contrast';
let highlighter: ReturnType<typeof createHighlighter> | undefined;

export async function highlight(code: string, language: string): Promise<string> {
  highlighter ??= createHighlighter({ themes: [theme], langs: [...languages] });
  const lang = (languages as readonly string[]).includes(language) ? (language as BundledLanguage) : 'text';
  return (await highlighter).codeToHtml(code, { lang, theme });
}
