/**
 * A date as `format` writes it, with the first of the month as French writes it (D43): "1er
 * novembre", where `Intl` writes "1 novembre". Any other day, and any other language, as `Intl`
 * writes it.
 */
export function formatDate(format: Intl.DateTimeFormat, date: Date): string {
  if (!format.resolvedOptions().locale.startsWith('fr')) return format.format(date);
  return format
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}
