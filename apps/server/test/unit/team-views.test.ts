import { describe, expect, it } from 'vitest';
import { startOfToday } from '../../src/team/views.ts';

describe('the inbox’s day', () => {
  it('starts "New today" at midnight in the member’s zone', () => {
    expect(startOfToday(new Date('2026-03-03T10:15:30.250Z'), 'Africa/Lagos')).toBe('2026-03-02T23:00:00.000Z');
    expect(startOfToday(new Date('2026-03-03T22:30:00.000Z'), 'Africa/Nairobi')).toBe('2026-03-03T21:00:00.000Z');
    expect(startOfToday(new Date('2026-03-03T00:30:00.000Z'), 'Africa/Abidjan')).toBe('2026-03-03T00:00:00.000Z');
  });
});
