import { describe, expect, it } from 'vitest';
import { VESSEL_TYPES } from './vessel';
import { DETAILED_VESSEL_TYPES, VESSEL_TYPE_DETAILED_MAX_LENGTH, ZVesselTypeDetailedInput, detailedVesselTypesOf, findDetailedVesselType } from './vessel-types-detailed';

const issuesOf = (value: unknown) => ZVesselTypeDetailedInput.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('the list of detailed vessel types', () => {
  it('gives every coded type several detailed types, around a hundred in all', () => {
    for (const code of VESSEL_TYPES) expect(detailedVesselTypesOf(code).length, code).toBeGreaterThanOrEqual(3);
    expect(DETAILED_VESSEL_TYPES.length).toBeGreaterThanOrEqual(80);
    expect(DETAILED_VESSEL_TYPES.length).toBeLessThanOrEqual(150);
  });
  it('has unique keys and names, each a name the schema accepts unchanged', () => {
    expect(new Set(DETAILED_VESSEL_TYPES.map((e) => e.key)).size).toBe(DETAILED_VESSEL_TYPES.length);
    expect(new Set(DETAILED_VESSEL_TYPES.map((e) => e.name.toLowerCase())).size).toBe(DETAILED_VESSEL_TYPES.length);
    for (const entry of DETAILED_VESSEL_TYPES) expect(ZVesselTypeDetailedInput.parse(entry.name)).toBe(entry.name);
  });
  it('suggests only the detailed types of the chosen coded type', () => {
    const container = detailedVesselTypesOf('CONTAINER').map((e) => e.name);
    expect(container).toContain('Feeder container ship');
    expect(container).not.toContain('Harbour tug (azimuth stern drive)');
    expect(detailedVesselTypesOf('SPACESHIP')).toEqual([]);
  });
  it('finds a listed entry by its English name in any case, and nothing for a text of the writer own', () => {
    expect(findDetailedVesselType('  feeder CONTAINER ship ')?.key).toBe('feeder_container');
    expect(findDetailedVesselType('Feeder with a green hull')).toBeUndefined();
    expect(findDetailedVesselType(null)).toBeUndefined();
  });
});

describe('a detailed type in a request', () => {
  it('is trimmed, and blank or absent means none', () => {
    expect(ZVesselTypeDetailedInput.parse('  Feeder container ship  ')).toBe('Feeder container ship');
    expect(ZVesselTypeDetailedInput.parse('   ')).toBeNull();
    expect(ZVesselTypeDetailedInput.parse(null)).toBeNull();
    expect(ZVesselTypeDetailedInput.parse(undefined)).toBeUndefined();
  });
  it(`takes free text up to ${VESSEL_TYPE_DETAILED_MAX_LENGTH} characters and refuses a longer one`, () => {
    expect(ZVesselTypeDetailedInput.parse('x'.repeat(VESSEL_TYPE_DETAILED_MAX_LENGTH))).toHaveLength(VESSEL_TYPE_DETAILED_MAX_LENGTH);
    expect(issuesOf('x'.repeat(VESSEL_TYPE_DETAILED_MAX_LENGTH + 1))).toEqual([`At most ${VESSEL_TYPE_DETAILED_MAX_LENGTH} characters`]);
  });
  it('refuses control characters inside the text and characters that change the direction of the text', () => {
    expect(issuesOf('Feeder\ncontainer ship')[0]).toMatch(/control characters/);
    expect(issuesOf('Feeder\u0007ship')[0]).toMatch(/control characters/);
    expect(issuesOf('Feeder \u202Epihs')[0]).toMatch(/U\+202E/);
    expect(issuesOf(42)).toHaveLength(1);
  });
});
