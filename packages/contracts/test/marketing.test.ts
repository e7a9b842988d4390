import { describe, expect, it } from 'vitest';
import { marketingQuerySchema, marketingRange } from '../src/marketing.ts';

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
