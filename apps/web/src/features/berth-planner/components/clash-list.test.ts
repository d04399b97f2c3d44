import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { TClash } from '@quayline/domain';
import { clashText } from './clash-list';

const t = ((key: string, values: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;
const names = new Map([
  [1, 'A'],
  [2, 'B'],
]);
const nameOf = (id: number) => names.get(id) ?? '?';

describe('clash texts', () => {
  const clash: TClash = { kind: 'overlap', callIds: [1, 2] };
  it('calls two calls on the same metres an overlap, and two only too close a clearance clash', () => {
    const sharing = new Map([
      [1, { berth_start_position: 0, berth_end_position: 200 }],
      [2, { berth_start_position: 150, berth_end_position: 350 }],
    ]);
    const close = new Map([
      [1, { berth_start_position: 0, berth_end_position: 200 }],
      [2, { berth_start_position: 205, berth_end_position: 400 }],
    ]);
    expect(clashText(clash, nameOf, t, (id) => sharing.get(id))).toBe('berthPlanner.clashes.overlap_quay {"a":"A","b":"B"}');
    expect(clashText(clash, nameOf, t, (id) => close.get(id))).toBe('berthPlanner.clashes.overlap {"a":"A","b":"B"}');
    expect(clashText(clash, nameOf, t)).toBe('berthPlanner.clashes.overlap {"a":"A","b":"B"}');
  });
});
