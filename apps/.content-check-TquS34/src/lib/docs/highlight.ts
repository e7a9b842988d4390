import { createHighlighter, type BundledLanguage } from 'shiki';

/**
 * Syntax highlighting at build time: the pages ship coloured HTML and no highlighter.
 * The high-contrast theme keeps every token at WCAG AA contrast on white.
 */
const languages = [
  'bash',
  'javascript',
  'typescript',
  'python',
  'php',
  'go',
  'java',
  'csharp',
  'ruby',
  'json',
  'html',
  'yaml',
] as const;
const theme = 'github-light-high-contrast';
let highlighter: ReturnType<typeof createHighlighter> | undefined;

export async function highlight(code: string, language: string): Promise<string> {
  highlighter ??= createHighlighter({ themes: [theme], langs: [...languages] });
  const ready = await highlighter;
  const lang = (languages as readonly string[]).includes(language) ? (language as BundledLanguage) : 'text';
  const foreground = ready.getTheme(theme).fg.toUpperCase();
  return compact(ready.codeToHtml(code, { lang, theme }), foreground);
}

/**
 * Every token's colour is an inline style, so a reference page's weight is mostly these:
 * tokens in the default colour lose theirs and the rest get a short class (highlightCss).
 */
function compact(html: string, foreground: string): string {
  return html.replace(/<span style="color:(#[0-9A-Fa-f]{6})">/g, (_match, color: string) =>
    color.toUpperCase() === foreground ? '<span>' : `<span class="c${color.slice(1).toLowerCase()}">`,
  );
}

/** The classes compact() uses, one per colour of the theme. */
export async function highlightCss(): Promise<string> {
  highlighter ??= createHighlighter({ themes: [theme], langs: [...languages] });
  const colors = new Set<string>();
  for (const setting of (await highlighter).getTheme(theme).settings) {
    const color = setting.settings.foreground;
    if (color && /^#[0-9A-Fa-f]{6}$/.test(color)) colors.add(color.slice(1).toLowerCase());
  }
  return [...colors].map((color) => `.c${color}{color:#${color}}`).join('');
}
