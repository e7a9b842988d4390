/** The pure rules of the Select (spec "Validation rules"), kept apart from the component so they are tested directly. */

export type SelectOption = { label: string; value: string };
export type SortBy = 'label' | 'value';

/** Label in locale order, or value as a number (a value that is not a number sorts last). */
export function sortOptions(options: readonly SelectOption[], sortBy?: SortBy): SelectOption[] {
  if (!sortBy) return [...options];
  if (sortBy === 'label') return [...options].sort((a, b) => a.label.localeCompare(b.label));
  const number = (option: SelectOption) => {
    const parsed = Number.parseFloat(option.value);
    return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
  };
  return [...options].sort((a, b) => number(a) - number(b));
}

/** Options whose label contains the typed text, ignoring case. */
export function filterOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const needle = text.trim().toLowerCase();
  return needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : [...options];
}

/** The text to offer as 'Create "{text}"', or null when it is empty or an option already has that label or value. */
export function creatableText(options: readonly SelectOption[], text: string): string | null {
  const candidate = text.trim();
  if (!candidate) return null;
  const lower = candidate.toLowerCase();
  const exists = options.some((option) => option.label.toLowerCase() === lower || option.value.toLowerCase() === lower);
  return exists ? null : candidate;
}

export const createLabel = (text: string) => `Create "${text}"`;

/** A label cut to 12 characters, with an ellipsis when it was longer. */
export const truncateLabel = (label: string, max = 12) => (label.length > max ? `${label.slice(0, max)}…` : label);

/** What a blurred multi-select shows: the first label, truncated, and '+ N more' for the rest. */
export function collapsedSummary(selected: readonly SelectOption[]): string {
  const [first, ...rest] = selected;
  if (!first) return '';
  return rest.length ? `${truncateLabel(first.label)} + ${rest.length} more` : truncateLabel(first.label);
}

/** 'Select All': every value when any is missing, none when all are already chosen. */
export function toggleAll(options: readonly SelectOption[], values: readonly string[]): string[] {
  const all = options.map((option) => option.value);
  return all.every((value) => values.includes(value)) ? [] : all;
}

/** Adds or removes one value, keeping the order options were chosen in. */
export const toggleValue = (values: readonly string[], value: string) =>
  values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
