import { describe, expect, it } from 'vitest';
import { csvOf, marketingQuerySchema, marketingRange } from '../src/marketing.ts';

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

describe("a Marketing table's CSV", () => {
  it('quotes commas and quotes, and writes a cell a spreadsheet would run as a formula as text', () => {
    const csv = csvOf({
      title: 'By source',
      columns: ['Source', 'Visitors'],
      rows: [
        ['=HYPERLINK("x")', 1],
        ['a, b', 2],
        ['-5', -5],
      ],
    });
    expect(csv).toBe('Source,Visitors\r\n"\'=HYPERLINK(""x"")",1\r\n"a, b",2\r\n\'-5,-5\r\n');
  });
});
