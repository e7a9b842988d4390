import { describe, expect, it } from 'vitest';
import { marketingPresets, marketingQuerySchema, marketingRange, sortedTable } from '../src/marketing.ts';

describe("the Marketing page's dates", () => {
  it('shows the last 30 days when none is named, and 30 days from or to a day named alone', () => {
    expect(marketingRange({}, '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(marketingRange({ from: '2026-02-01' }, '2026-11-27')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(marketingRange({ to: '2026-03-02', from: '' }, '2026-11-27')).toEqual({
      from: '2026-02-01',
      to: '2026-03-02',
    });
  });

  it('refuses a day that does not exist, a range backwards, and one over 400 days', () => {
    expect(marketingQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(marketingQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(marketingQuerySchema.safeParse({ from: '2025-01-01', to: '2026-02-05' }).success).toBe(false);
    expect(marketingQuerySchema.safeParse({ from: '2025-01-01', to: '2026-02-04' }).success).toBe(true);
  });
});

describe("the Marketing page's ranges in one tap (issue 54)", () => {
  it('offers this month so far, the whole of last month and the last 7 days', () => {
    expect(marketingPresets('2026-03-15')).toEqual([
      { label: 'This month', from: '2026-03-01', to: '2026-03-15' },
      { label: 'Last month', from: '2026-02-01', to: '2026-02-28' },
      { label: 'Last 7 days', from: '2026-03-09', to: '2026-03-15' },
    ]);
  });

  it('takes last month from the year before in January, and a leap February whole', () => {
    expect(marketingPresets('2027-01-01')[1]).toEqual({ label: 'Last month', from: '2026-12-01', to: '2026-12-31' });
    expect(marketingPresets('2028-03-01')[1]).toEqual({ label: 'Last month', from: '2028-02-01', to: '2028-02-29' });
    expect(marketingPresets('2027-01-01')[2]).toEqual({ label: 'Last 7 days', from: '2026-12-26', to: '2027-01-01' });
  });
});

describe("the Marketing page's tables in order (issue 54)", () => {
  const table = {
    title: 'T',
    columns: ['Source', 'Leads', 'Conversion'],
    keys: ['source', 'leads', 'conversion'],
    rows: [
      ['b', 2, '10.0%'],
      ['a', 10, '–'],
      ['c', 2, '9.5%'],
    ],
    inbox: [{ source: 'b' }, { source: 'a' }, { source: 'c' }],
  };

  it('sorts by the column a link names, counts and rates as numbers, a dash lowest, ties as they were', () => {
    expect(sortedTable(table, 'sources', 'sources.leads.desc').rows.map((row) => row[0])).toEqual(['a', 'b', 'c']);
    expect(sortedTable(table, 'sources', 'sources.conversion.desc').rows.map((row) => row[0])).toEqual(['b', 'c', 'a']);
    expect(sortedTable(table, 'sources', 'sources.source.asc').inbox).toEqual([
      { source: 'a' },
      { source: 'b' },
      { source: 'c' },
    ]);
  });

  it('leaves a table as it was for another table’s order, a column it has not, or none', () => {
    for (const sort of ['entries.leads.desc', 'sources.visitors.desc', undefined])
      expect(sortedTable(table, 'sources', sort)).toBe(table);
    expect(marketingQuerySchema.safeParse({ sort: 'sources.leads.sideways' }).success).toBe(false);
    expect(marketingQuerySchema.safeParse({ sort: 'everything.leads.asc' }).success).toBe(false);
    expect(marketingQuerySchema.safeParse({ sort: 'sources.leads.asc' }).success).toBe(true);
  });
});
