import { Readable, pipeline } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

const cellText = (value: unknown): string =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');

/**
 * OWASP's CSV-injection rule, for every cell: a spreadsheet runs a cell that starts with
 * = + - @, tab, CR or LF as a formula, a separator (, ;) can split off such a cell in another
 * locale, and leading spaces are skipped first. A leading apostrophe keeps it text.
 */
export const safeCell = (value: unknown): string => {
  const text = cellText(value);
  return /^\s*[=+\-@\t\r\n,;]/.test(text) ? `'${text}` : text;
};

/**
 * A table cell as the terminal should print it: control characters (an ESC that recolours the
 * screen or retitles the window, a newline that forges a row) become visible escapes.
 */
export const printable = (value: string): string =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  value.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => {
    return namedEscapes[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
const namedEscapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The terminal columns a cell takes, so rows line up: combining marks (the tones of "ọ̀") take none. */
const columnsOf = (cell: string): number => cell.replace(/\p{M}/gu, '').length;

/**
 * CSV for a spreadsheet: every cell made safe (`safeCell`) and quoted, empty ones too, so each
 * stays whole whatever separator the spreadsheet expects.
 */
const csvOptions: Options = {
  quoted: true,
  quoted_empty: true,
  cast: {
    string: safeCell,
    number: safeCell,
    bigint: safeCell,
    boolean: safeCell,
    date: safeCell,
    object: safeCell,
    null: safeCell,
    undefined: safeCell,
  },
};

/** Rows as CSV text (see `csvOptions`). */
export const csvText = (rows: readonly (readonly unknown[])[]): string => stringifySync([...rows], csvOptions);

/**
 * Rows as CSV (see `csvOptions`), written as they come, so a file of any length takes the memory
 * of a few rows. A failure reading the rows fails the stream, and a reader that stops early
 * ends the reading of rows.
 */
export const csvStream = (rows: AsyncIterable<readonly unknown[]>): Readable =>
  // pipeline returns the stringifier, which it destroys with any step's error; the callback has nothing to add.
  pipeline(Readable.from(rows), stringify(csvOptions), () => {});

/**
 * Values as a JSON array, an element at a time, written as `JSON.stringify(values, null, 2)`
 * would write them, with a newline after.
 */
export async function* jsonArray(values: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const value of values) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(value, null, 2).replace(/^/gm, '  ')}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/**
 * Rows of printable cells as aligned columns under a header, for a terminal; each line ends
 * with a newline. The rows may be any number, given as an array or a generator.
 */
export function textTable(header: readonly string[], rows: Iterable<readonly string[]>): string {
  const widths = header.map((title) => title.length);
  const lines = [header];
  for (const row of rows) {
    lines.push(row);
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, columnsOf(cell));
    });
  }
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column]! - columnsOf(cell)))
      .join('  ')
      .trimEnd();
  return `${lines.map(line).join('\n')}\n`;
}

/**
 * Rows as tables of `pageSize` rows each, a blank line between, so a table of any length takes
 * the memory of one page; each page lines up its own columns under its own header.
 */
export async function* pagedTable(
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
  pageSize = 1000,
): AsyncGenerator<string> {
  let page: (readonly string[])[] = [];
  let pages = 0;
  for await (const row of rows) {
    page.push(row);
    if (page.length < pageSize) continue;
    yield `${pages++ > 0 ? '\n' : ''}${textTable(header, page)}`;
    page = [];
  }
  if (page.length > 0) yield `${pages > 0 ? '\n' : ''}${textTable(header, page)}`;
}
