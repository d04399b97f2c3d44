// The week at a glance: one strip per shift of the terminal, one cell per day, shaded by the shift's volume against
// the busiest shift of the week.
import { shiftKeyOf, type TLocalizedNames, type TShiftBoard } from '@quayline/domain';
import { addDays } from '@/lib/zoned-time';

export type THeatCell = { date: string; key: string; volume: number; share: number; isClosed: boolean; isOverCapacity: boolean; isShown: boolean };
export type THeatStrip = { shiftNumber: number; name: string; names?: TLocalizedNames | undefined; cells: THeatCell[] };

export function weekHeat(board: TShiftBoard, dayCount = 7): { dates: string[]; strips: THeatStrip[]; max: number } {
  const dates = Array.from({ length: dayCount }, (_, i) => addDays(board.from, i));
  const columns = new Map(board.shiftsList.map((s) => [s.key, s]));
  const volumes = new Map(board.shiftsVolume.shifts_volume.map((v) => [v.key, v]));
  const max = Math.max(0, ...board.shiftsVolume.shifts_volume.map((v) => v.volume));
  const definitions = [...board.shiftsData.shifts].sort((a, b) => a.shift_number - b.shift_number);
  const strips = definitions.map((d) => ({
    shiftNumber: d.shift_number,
    name: d.name,
    names: d.names,
    cells: dates.map((date) => {
      const key = shiftKeyOf(date, d.shift_number);
      const column = columns.get(key);
      const volume = volumes.get(key);
      return {
        date,
        key,
        volume: volume?.volume ?? 0,
        share: max > 0 ? (volume?.volume ?? 0) / max : 0,
        isClosed: column?.closed ?? false,
        isOverCapacity: volume?.over_capacity ?? false,
        isShown: column !== undefined,
      };
    }),
  }));
  return { dates, strips, max };
}
