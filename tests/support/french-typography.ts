/**
 * French typography (D37): a narrow no-break space (U+202F) between a word and `?`, `!`, `:` or
 * `;`, and inside guillemets (`«\u202ftexte\u202f»`), so that a narrow screen never starts a line
 * with the mark. Numbers too: U+202F between groups of digits (`1\u202f000`, as `Intl` writes
 * them), a no-break space before `%` (the copy writes U+202F, `99,9\u202f%`, as before `?` `!`
 * `:` `;`; `Intl` writes U+00A0, and either holds), and U+00A0 between an amount and its
 * currency symbol (`5\u202f000\u00a0$`, as `Intl.NumberFormat('fr')` writes it), so that a number
 * is never broken across two lines nor parted from its unit. The French catalogues write them as
 * `\u202f` and `\u00a0`. A plain
 * space there, or none, is a fault; the guard tests of the French pages, catalogues and mails
 * use this one check.
 */

/**
 * Text that is not French prose, taken out before the check: a URL or a mail, telephone or
 * data link (`https://…`, `/fr/sent?form=…`, `mailto:…`), whose `:`, `?` and `%` belong to it.
 */
const notProse = /\b(?:https?:\/\/|mailto:|tel:|data:)\S*|\/[\w\-./]*\?[\w\-.=&%]+/g;

/** The currency symbols the site writes (packages/contracts/src/pricing.ts, and `$US`, `€`, `GH₵`). */
const currencySymbol = String.raw`(?:\$|€|₦|GH₵|₵|K[sS]h|F[ \u00a0\u202f]?CFA)`;

/**
 * A mark after a word (a letter, a digit, a closing bracket or quote, a full stop or a percent
 * sign) with nothing between them, or with spaces of which one is not U+202F (a line may break
 * at it); a mark followed by a digit is a time or a ratio (`14:30`, `3:1`). Then a guillemet
 * without U+202F alone on its inner side. Then, after a digit: spaces of which one is not U+202F
 * before a group of exactly three digits (`1 000`, `1\u00a0000`); nothing, or a space other than
 * U+202F, before `%`, unless it is U+00A0 as `Intl` writes it; nothing, or a space other than
 * U+00A0, before a currency symbol. Then an hour as a clock writes it (`09:00`) or with other
 * spaces than U+00A0 around its `h` (`9 h 00`, `9h00`): French writes `9\u00a0h\u00a000`. Then a
 * straight apostrophe: the site's French writes ’ (U+2019).
 *
 * Left alone, as they are not a number split: a number written without a space (a year, `1500`);
 * digits on either side of a line break (the pages' text puts one between blocks, so a year may
 * end one and `100 clients` start the next); `%` inside a link (`?q=99%25`, taken out above).
 * No telephone number is written in the French copy; one spaced in threes (`+234 803 123 4567`)
 * would be found, and should then be taken out in `notProse`, by name, rather than loosen the
 * rule.
 */
const fault = new RegExp(
  [
    String.raw`(?<=[\p{L}\p{N}.)\]»"”’%…])(?:\s*[^\S\u202f]\s*)?[?!:;](?!\p{N})`,
    String.raw`«(?!\u202f\S)`,
    String.raw`(?<!\S\u202f)»`,
    String.raw`(?<=\d)[^\S\n]*[^\S\n\u202f][^\S\n]*(?=\d{3}(?!\d))`,
    String.raw`(?<=\d)(?:[^\S\n]*[^\S\n\u202f\u00a0][^\S\n]*)?%`,
    String.raw`(?<=\d)(?:[^\S\n]*[^\S\n\u00a0][^\S\n]*)?(?=${currencySymbol})`,
    String.raw`(?<![\d:])\d{1,2}:\d{2}(?![\d:])`,
    String.raw`(?<![\d\u00a0])\d{1,2}(?!\u00a0h\u00a0\d{2})[^\S\n]*h[^\S\n]*\d{2}(?!\d)`,
    "'",
  ].join('|'),
  'gu',
);

/**
 * Where `text` breaks French typography: each fault with a few characters either side, a plain
 * space shown as `␣`, U+202F as `⍽`, U+00A0 as `⎵` and a line break as `⏎`; empty when it has
 * none.
 */
export function frenchSpacingFaults(text: string): string[] {
  const prose = text.replace(notProse, (link) => ' '.repeat(link.length));
  return [...prose.matchAll(fault)].map((match) => {
    const start = Math.max(0, match.index - 20);
    const end = Math.min(prose.length, match.index + match[0].length + 12);
    return prose
      .slice(start, end)
      .replaceAll(' ', '␣')
      .replaceAll('\u202f', '⍽')
      .replaceAll('\u00a0', '⎵')
      .replaceAll('\n', '⏎');
  });
}

/** Every string in a value: itself, or those in its arrays and objects, at any depth. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}
