import { describe, expect, it } from 'vitest';
import { LABEL_PRIORITY, boxesOverlap, visibleLabelKeys } from './label-collisions';

const box = (left: number, top: number, width: number, height = 14) => ({ left, top, right: left + width, bottom: top + height });

describe('map label collisions', () => {
  it('tells overlapping boxes from ones that touch, keep the gap or are not laid out', () => {
    expect(boxesOverlap(box(0, 0, 100), box(90, 5, 50))).toBe(true);
    expect(boxesOverlap(box(0, 0, 100), box(100, 0, 50))).toBe(false);
    expect(boxesOverlap(box(0, 0, 100), box(101, 0, 50), 2)).toBe(true);
    expect(boxesOverlap(box(0, 0, 100), box(0, 14, 100))).toBe(false);
    expect(boxesOverlap(box(0, 0, 0, 0), box(0, 0, 0, 0))).toBe(false);
  });

  it('hides a town under a long pilot-station name, and the station under the terminal and the selected vessel', () => {
    const labels = [
      { key: 'Cuxhaven', priority: LABEL_PRIORITY.town, box: box(100, 100, 60) },
      { key: 'Elbe 1 (Cuxhaven pilot station)', priority: LABEL_PRIORITY.pilotStation, box: box(40, 104, 200) },
      { key: 'Neuwerk', priority: LABEL_PRIORITY.town, box: box(300, 100, 60) },
    ];
    expect(visibleLabelKeys(labels)).toEqual(new Set(['Elbe 1 (Cuxhaven pilot station)', 'Neuwerk']));
    const withTerminal = [...labels, { key: 'terminal', priority: LABEL_PRIORITY.terminal, box: box(200, 110, 80) }];
    expect(visibleLabelKeys(withTerminal)).toEqual(new Set(['terminal', 'Cuxhaven', 'Neuwerk']));
    const withVessel = [...withTerminal, { key: 'vessel', priority: LABEL_PRIORITY.selectedVessel, box: box(270, 95, 40) }];
    // The vessel hides the terminal and Neuwerk; the hidden terminal no longer hides the station, which hides Cuxhaven.
    expect(visibleLabelKeys(withVessel)).toEqual(new Set(['vessel', 'Elbe 1 (Cuxhaven pilot station)']));
  });

  it('keeps the first of equal priority and lets a hidden label hide nothing', () => {
    const chain = [
      { key: 'a', priority: 1, box: box(0, 0, 50) },
      { key: 'b', priority: 1, box: box(45, 0, 50) },
      { key: 'c', priority: 1, box: box(90, 0, 50) },
    ];
    expect(visibleLabelKeys(chain)).toEqual(new Set(['a', 'c']));
  });
});
