// Shading while dragging: which (time, quay) cells would take the dragged vessel (free, deep enough, outside
// block zones, on a berth). Computed once per drag on a coarse grid, then drawn; the pointer moves cost nothing.
import type { TPlanQuay, TPlannedCall } from '@quayline/domain';
import { callsNear, type TTimeIndex } from './time-index';

export type TFreeSpaceGrid = { from: number; cellMs: number; cellMetres: number; columns: number; rows: number; isFree: Uint8Array };

export function computeFreeSpace(args: {
  dragged: TPlannedCall;
  index: TTimeIndex;
  quay: TPlanQuay;
  from: number;
  to: number;
  cellMs: number;
  cellMetres: number;
}): TFreeSpaceGrid {
  const { dragged, quay, cellMs, cellMetres } = args;
  const columns = Math.max(1, Math.ceil((args.to - args.from) / cellMs));
  const rows = Math.max(1, Math.ceil(quay.length / cellMetres));
  const isFree = new Uint8Array(columns * rows);
  const clearance = quay.clearance;
  for (let c = 0; c < columns; c++) {
    const t0 = args.from + c * cellMs;
    const t1 = t0 + cellMs;
    const mid = t0 + cellMs / 2;
    const tide = quay.tideAt?.(mid) ?? 0;
    const others = callsNear(args.index, t0, t1).filter((o) => o.id !== dragged.id);
    const zones = quay.blockZones.filter((z) => z.from < t1 && t0 < z.to);
    for (let r = 0; r < rows; r++) {
      const m0 = r * cellMetres;
      const m1 = Math.min(quay.length, m0 + cellMetres);
      let ok = true;
      for (const s of quay.sections) {
        if (!(s.start < m1 && m0 < s.end)) continue;
        if (s.berthType !== 'Berth' || s.depth + tide < dragged.draft) ok = false;
      }
      if (ok) for (const z of zones) if (z.start < m1 && m0 < z.end) ok = false;
      if (ok) for (const o of others) if (o.start < m1 + clearance && m0 < o.end + clearance) ok = false;
      isFree[c * rows + r] = ok ? 1 : 0;
    }
  }
  return { from: args.from, cellMs, cellMetres, columns, rows, isFree };
}

export const isCellFree = (g: TFreeSpaceGrid, column: number, row: number): boolean => g.isFree[column * g.rows + row] === 1;
