// Overlays: block zones with their time spans and the selected call's requested / proposed / accepted windows inside
// the plot, and the tide curve with high and low waters as a row of the time axis.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/number-format';
import type { TBlockedZone, TLocale } from '@quayline/domain';
import { TIME_LABEL_COLOURS } from '@/entities/portcall/enum-labels';
import { formatZonedDateTime } from '@/lib/zoned-time';
import type { TTidalData } from '../api/get-tidal-data';
import type { TNegotiationWindow } from '../utils/negotiation-windows';
import { planToScreen, timeToPx, type TPlannerScale } from '../utils/planner-scale';
import classes from './berth-planner.module.css';

export const BlockZonesOverlay = memo(function BlockZonesOverlay({ scale, zones, timeZone, locale }: { scale: TPlannerScale; zones: readonly TBlockedZone[]; timeZone: string; locale: TLocale }) {
  const { t } = useTranslation();
  return (
    <div data-testid="overlay-blockzones">
      {zones.map((z) => {
        const r = planToScreen(scale, { from: Date.parse(z.starts_at), to: Date.parse(z.ends_at), start: z.start_position_m, end: z.end_position_m });
        const span = `${formatZonedDateTime(z.starts_at, timeZone, locale)} – ${formatZonedDateTime(z.ends_at, timeZone, locale)}`;
        return (
          <div key={z.id} className={classes.blockZone} data-testid="planner-blockzone" data-blockzone-id={z.id} style={{ left: r.left, top: r.top, width: r.width, height: r.height }} title={`${t('berthPlanner.overlays.block_zone', { reason: z.reason })}\n${span}`}>
            {t('berthPlanner.overlays.block_zone', { reason: z.reason })}
            <br />
            {span}
          </div>
        );
      })}
    </div>
  );
});

/** The tide curve as a row of the time axis, with its high and low waters. */
export const TideOverlay = memo(function TideOverlay({ scale, tide, timeZone, locale, offset, thickness }: { scale: TPlannerScale; tide: TTidalData | undefined; timeZone: string; locale: TLocale; offset: number; thickness: number }) {
  const { t } = useTranslation();
  const levels = tide?.levels ?? [];
  const heights = levels.map((l) => l.height);
  const max = Math.max(1, ...heights);
  const min = Math.min(0, ...heights);
  // High water towards the plot, with room for the labels.
  const depthOf = (h: number) => thickness - 4 - ((h - min) / (max - min || 1)) * (thickness - 16);
  const point = (ms: number, h: number): [number, number] => (scale.isSwitched ? [offset + thickness - depthOf(h), timeToPx(scale, ms)] : [timeToPx(scale, ms), offset + depthOf(h)]);
  const path = levels.map((l) => point(Date.parse(l.time), l.height).join(',')).join(' ');
  const box: React.CSSProperties = scale.isSwitched ? { left: offset, top: 0, width: thickness, height: scale.height } : { left: 0, top: offset, width: scale.width, height: thickness };
  return (
    <div data-testid="overlay-tide" className={classes.tide} style={{ ...box, borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-blue-0)' }}>
      {levels.length === 0 ? (
        <div style={{ position: 'sticky', left: 8, top: 4, padding: 4, fontSize: 11, color: 'var(--mantine-color-blue-8)' }}>{t('berthPlanner.overlays.no_tide')}</div>
      ) : (
        <svg width={scale.isSwitched ? offset + thickness : scale.width} height={scale.isSwitched ? scale.height : offset + thickness} style={{ position: 'absolute', left: scale.isSwitched ? -offset : 0, top: scale.isSwitched ? 0 : -offset, overflow: 'visible' }} aria-label={t('berthPlanner.overlays.tide')}>
          <polyline points={path} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} />
          {tide?.extremes.map((x) => {
            const [px, py] = point(Date.parse(x.time), x.height);
            const text = t(x.type === 'high' ? 'berthPlanner.overlays.high_water' : 'berthPlanner.overlays.low_water', { height: formatNumber(x.height, locale, 1) });
            return (
              <g key={x.time} data-testid="tide-extreme" data-type={x.type}>
                <circle cx={px} cy={py} r={2.5} fill={x.type === 'high' ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-orange-7)'} />
                <text x={px + 3} y={py + (x.type === 'high' ? 9 : -3)} fontSize={9} fill="var(--mantine-color-blue-9)">
                  <title>{formatZonedDateTime(x.time, timeZone, locale)}</title>
                  {text}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
});

export function NegotiationWindows({ scale, windows, start, end }: { scale: TPlannerScale; windows: readonly TNegotiationWindow[]; start: number; end: number }) {
  const { t } = useTranslation();
  return (
    <>
      {windows.map((w, i) => {
        const r = planToScreen(scale, { from: w.from, to: w.to, start, end });
        // Each window a little larger than the one before, so identical windows stay visible.
        const grow = (i + 1) * 3;
        const colour = `var(--mantine-color-${TIME_LABEL_COLOURS[w.label]}-6)`;
        return (
          <div key={w.label} className={classes.window} data-testid="planner-window" data-label={w.label} style={{ left: r.left - grow, top: r.top - grow, width: r.width + 2 * grow, height: r.height + 2 * grow, borderColor: colour, color: colour }}>
            {t(`berthPlanner.windows.${w.label}`)}
          </div>
        );
      })}
    </>
  );
}
