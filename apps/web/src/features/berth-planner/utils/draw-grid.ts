// Static layers on a viewport-sized <canvas>: berth types, weekends, shifts, hour/shift/day grids and the now-line.
// Drawn with the scroll offset, so the canvas never grows with the 28-day plot.
import type { TShiftOccurrence, TTerminalSection } from '@quayline/domain';
import type { TPlannerDay } from './day-grid';
import { metreToPx, timeToPx, type TPlannerScale } from './planner-scale';

export type TGridLayers = {
  days: readonly TPlannerDay[];
  hourLines: readonly number[];
  shifts: readonly TShiftOccurrence[];
  sections: readonly TTerminalSection[];
  now: number;
  isDayGrid: boolean;
  isHourGrid: boolean;
  isShiftGrid: boolean;
  isWeekendHighlight: boolean;
  isShiftHighlight: boolean;
};

const BERTH_FILL: Record<TTerminalSection['berth_type'], string> = { Berth: 'rgba(255,255,255,0)', 'Blocked Zone': 'rgba(120,120,120,0.22)', 'Buffer Zone': 'rgba(250,200,50,0.15)' };

export function drawGrid(ctx: CanvasRenderingContext2D, s: TPlannerScale, layers: TGridLayers, view: { x: number; y: number; width: number; height: number }): void {
  ctx.clearRect(0, 0, view.width, view.height);
  ctx.save();
  ctx.translate(-view.x, -view.y);
  const viewTimeMin = s.isSwitched ? view.y : view.x;
  const viewTimeMax = viewTimeMin + (s.isSwitched ? view.height : view.width);
  const quayFrom = metreToPx(s, 0);
  const quayTo = metreToPx(s, s.quayLength);
  const timeBand = (t0: number, t1: number, fill: string) => {
    const a = timeToPx(s, t0);
    const b = timeToPx(s, t1);
    if (b < viewTimeMin || a > viewTimeMax) return;
    ctx.fillStyle = fill;
    if (s.isSwitched) ctx.fillRect(quayFrom, a, quayTo - quayFrom, b - a);
    else ctx.fillRect(a, quayFrom, b - a, quayTo - quayFrom);
  };
  const timeLine = (t: number, stroke: string, width: number, dash: number[] = []) => {
    const p = Math.round(timeToPx(s, t)) + 0.5;
    if (p < viewTimeMin - 2 || p > viewTimeMax + 2) return;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    if (s.isSwitched) {
      ctx.moveTo(quayFrom, p);
      ctx.lineTo(quayTo, p);
    } else {
      ctx.moveTo(p, quayFrom);
      ctx.lineTo(p, quayTo);
    }
    ctx.stroke();
  };

  const first = layers.days[0];
  const last = layers.days.at(-1);
  if (first && last) {
    for (const section of layers.sections) {
      const a = metreToPx(s, section.start_position_m);
      const b = metreToPx(s, section.end_position_m);
      const t0 = timeToPx(s, first.start);
      const t1 = timeToPx(s, last.end);
      ctx.fillStyle = BERTH_FILL[section.berth_type];
      if (s.isSwitched) ctx.fillRect(a, t0, b - a, t1 - t0);
      else ctx.fillRect(t0, a, t1 - t0, b - a);
      // Section boundaries along the quay.
      ctx.strokeStyle = 'rgba(60,80,110,0.35)';
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 4]);
      ctx.beginPath();
      if (s.isSwitched) {
        ctx.moveTo(Math.round(a) + 0.5, t0);
        ctx.lineTo(Math.round(a) + 0.5, t1);
      } else {
        ctx.moveTo(t0, Math.round(a) + 0.5);
        ctx.lineTo(t1, Math.round(a) + 0.5);
      }
      ctx.stroke();
    }
  }
  if (layers.isWeekendHighlight) for (const day of layers.days) if (day.isWeekend) timeBand(day.start, day.end, 'rgba(80,110,170,0.08)');
  if (layers.isShiftHighlight) layers.shifts.forEach((shift, i) => i % 2 === 0 && timeBand(shift.start, shift.end, 'rgba(40,160,140,0.07)'));
  if (layers.isHourGrid) for (const t of layers.hourLines) timeLine(t, 'rgba(60,80,110,0.12)', 1);
  if (layers.isShiftGrid) for (const shift of layers.shifts) timeLine(shift.start, 'rgba(20,130,110,0.45)', 1, [6, 3]);
  if (layers.isDayGrid) for (const day of layers.days) timeLine(day.start, 'rgba(40,55,80,0.45)', 1);
  if (first && last && layers.now >= first.start && layers.now <= last.end) timeLine(layers.now, 'rgba(220,40,40,0.9)', 2);
  ctx.setLineDash([]);
  ctx.restore();
}
