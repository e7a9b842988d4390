import { stringify } from 'csv-stringify/sync';

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

/** Rows as CSV for a spreadsheet: every cell made safe (`safeCell`) and quoted, empty ones too, so each stays whole whatever separator the spreadsheet expects. */
export const csvText = (rows: readonly (readonly unknown[])[]): string =>
  stringify(
    rows.map((row) => row.map(safeCell)),
    { quoted: true, quoted_empty: true },
  );

/** Rows of printable cells as aligned columns under a header, for a terminal; each line ends with a newline. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => columnsOf(row[column]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column]! - columnsOf(cell)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
