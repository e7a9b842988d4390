import { describe, expect, it } from 'vitest';
import {
  collapsedSummary,
  creatableText,
  createLabel,
  filterOptions,
  sortOptions,
  toggleAll,
  toggleValue,
  truncateLabel,
} from '@/components/forms/select-options';

const sizes = [
  { label: 'Medium', value: '250' },
  { label: 'large', value: '1000' },
  { label: 'Small', value: '50' },
];

describe('the Select rules of spec "Validation rules"', () => {
  it('sorts options by label in locale order, or by numeric value', () => {
    expect(sortOptions(sizes, 'label').map((option) => option.label)).toEqual(['large', 'Medium', 'Small']);
    expect(sortOptions(sizes, 'value').map((option) => option.value)).toEqual(['50', '250', '1000']);
    expect(sortOptions(sizes).map((option) => option.value)).toEqual(['250', '1000', '50']);
  });

  it('filters by the typed text, ignoring case', () => {
    expect(filterOptions(sizes, 'AL').map((option) => option.label)).toEqual(['Small']);
    expect(filterOptions(sizes, '  ')).toHaveLength(3);
  });

  it('offers Create "{text}" unless an option has that label or value, case-insensitively', () => {
    expect(creatableText(sizes, ' Huge ')).toBe('Huge');
    expect(createLabel('Huge')).toBe('Create "Huge"');
    expect(creatableText(sizes, 'LARGE')).toBeNull();
    expect(creatableText(sizes, '250')).toBeNull();
    expect(creatableText(sizes, '   ')).toBeNull();
  });

  it('collapses a blurred multi-select to the first label, truncated to 12 characters, plus N more', () => {
    expect(truncateLabel('Marketing Automations')).toBe('Marketing Au…');
    expect(truncateLabel('Campaigns')).toBe('Campaigns');
    expect(
      collapsedSummary([
        { label: 'Marketing Automations', value: 'a' },
        { label: 'Campaigns', value: 'c' },
        { label: 'Push', value: 'p' },
      ]),
    ).toBe('Marketing Au… + 2 more');
    expect(collapsedSummary([{ label: 'Push', value: 'p' }])).toBe('Push');
    expect(collapsedSummary([])).toBe('');
  });

  it('Select All chooses every option, or none when all are chosen', () => {
    expect(toggleAll(sizes, ['50'])).toEqual(['250', '1000', '50']);
    expect(toggleAll(sizes, ['50', '250', '1000'])).toEqual([]);
    expect(toggleValue(['50'], '250')).toEqual(['50', '250']);
    expect(toggleValue(['50', '250'], '50')).toEqual(['250']);
  });
});
