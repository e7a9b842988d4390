import { describe, expect, it } from 'vitest';
import { englishZoneLabel, zoneChoices, zoneOfCity } from '../src/zone-names.ts';

describe('zones in English words', () => {
  it('names each city of the console’s zone list by its name today, whatever ICU calls its zone', () => {
    const labels = new Map(zoneChoices().map(({ zone, label }) => [zone, label]));
    // The zone stays as the runtime lists it (that is the value stored); its words are today's.
    const kolkata = labels.get('Asia/Calcutta') ?? labels.get('Asia/Kolkata');
    expect(kolkata).toBe('Kolkata · India Standard Time');
    expect(englishZoneLabel('Africa/Lagos')).toBe('Lagos · West Africa Time');
    for (const old of ['Calcutta', 'Asmera', 'Katmandu', 'Rangoon', 'Saigon', 'Kiev', 'Godthab', 'Faeroe', 'Enderbury'])
      expect([...labels.values()].filter((label) => label.startsWith(`${old} ·`))).toEqual([]);
  });

  it('finds a zone by its city’s name today or its old one', () => {
    const kolkata = zoneOfCity('Kolkata');
    expect(kolkata).toMatch(/^Asia\/(Calcutta|Kolkata)$/);
    expect(zoneOfCity('calcutta')).toBe(kolkata);
    expect(zoneOfCity('Kolkata · India Standard Time')).toBe(kolkata);
    expect(zoneOfCity('kyiv')).toMatch(/^Europe\/(Kiev|Kyiv)$/);
  });
});
