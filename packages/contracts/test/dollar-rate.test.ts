import { describe, expect, it } from 'vitest';
import { frenchSpacingFaults } from '@growmail/test-support/french-typography';
import {
  dollarBandInFrancs,
  dollarRate,
  dollarsInFrancs,
  francsInFrench,
  francsPerDollar,
} from '../src/dollar-rate.ts';

describe('the dollar in CFA francs (issue 56)', () => {
  it('is one documented rate: the euro peg over the dollars to the euro, with the day the copy took it', () => {
    expect(dollarRate.francsPerEuro).toBe(655.957);
    expect(francsPerDollar).toBeCloseTo(601.8, 1);
    expect(new Date(`${dollarRate.setOn}T00:00:00Z`).toISOString().slice(0, 10)).toBe(dollarRate.setOn);
  });

  it('gives a dollar amount in francs to two significant figures, as a figure for scale', () => {
    expect(dollarsInFrancs(0)).toBe(0);
    expect(dollarsInFrancs(1_000)).toBe(600_000);
    expect(dollarsInFrancs(2_500)).toBe(1_500_000);
    expect(dollarsInFrancs(5_000)).toBe(3_000_000);
    expect(dollarsInFrancs(10_000)).toBe(6_000_000);
    expect(dollarsInFrancs(500_000)).toBe(300_000_000);
    expect(dollarsInFrancs(19)).toBe(11_000);
  });

  it('writes francs as French copy does: grouped digits below a million, millions in words above', () => {
    expect(francsInFrench(600_000)).toBe('600\u202f000\u00a0FCFA');
    expect(francsInFrench(1_000_000)).toBe('1\u00a0million de\u00a0FCFA');
    expect(francsInFrench(1_500_000)).toBe('1,5\u00a0million de\u00a0FCFA');
    expect(francsInFrench(3_000_000)).toBe('3\u00a0millions de\u00a0FCFA');
    expect(francsInFrench(300_000_000)).toBe('300\u00a0millions de\u00a0FCFA');
  });

  it('writes the startup budget bands once in francs, the unit said at the end', () => {
    expect(dollarBandInFrancs(1_000, 5_000)).toBe('600\u202f000 à 3\u00a0millions de\u00a0FCFA');
    expect(dollarBandInFrancs(5_000, 10_000)).toBe('3 à 6\u00a0millions de\u00a0FCFA');
  });

  it('passes the French typography check', () => {
    const texts = [dollarBandInFrancs(1_000, 5_000), dollarBandInFrancs(5_000, 10_000), francsInFrench(600_000)];
    expect(texts.flatMap(frenchSpacingFaults)).toEqual([]);
  });
});
