/**
 * French typography (D37): a narrow no-break space (U+202F) between a word and `?`, `!`, `:` or
 * `;`, and inside guillemets (`«\u202ftexte\u202f»`), so that a narrow screen never starts a line
 * with the mark. The French catalogues write it as `\u202f`, and `Intl` writes it too. A plain
 * space there, or none, is a fault; the guard tests of the French pages, catalogues and mails
 * use this one check.
 */

/**
 * Text that is not French prose, taken out before the check: a URL or a mail, telephone or
 * data link (`https://…`, `/fr/sent?form=…`, `mailto:…`), whose `:` and `?` belong to it.
 */
const notProse = /\b(?:https?:\/\/|mailto:|tel:|data:)\S*|\/[\w\-./]*\?[\w\-.=&%]+/g;

/**
 * A mark after a word (a letter, a digit, a closing bracket or quote, a full stop or a percent
 * sign) with nothing between them, or with spaces of which one is not U+202F (a line may break
 * at it); a mark followed by a digit is a time or a ratio (`14:30`, `3:1`). Then a guillemet
 * without U+202F alone on its inner side.
 */
const fault = /(?<=[\p{L}\p{N}.)\]»"”’%…])(?:\s*[^\S\u202f]\s*)?[?!:;](?!\p{N})|«(?!\u202f\S)|(?<!\S\u202f)»/gu;

/**
 * Where `text` breaks French typography: each fault with a few characters either side, a plain
 * space shown as `␣`, U+202F as `⍽` and a line break as `⏎`; empty when it has none.
 */
export function frenchSpacingFaults(text: string): string[] {
  const prose = text.replace(notProse, (link) => ' '.repeat(link.length));
  return [...prose.matchAll(fault)].map((match) => {
    const start = Math.max(0, match.index - 20);
    const end = Math.min(prose.length, match.index + match[0].length + 12);
    return prose.slice(start, end).replaceAll(' ', '␣').replaceAll('\u202f', '⍽').replaceAll('\n', '⏎');
  });
}

/** Every string in a value: itself, or those in its arrays and objects, at any depth. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
