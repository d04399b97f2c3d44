// The quay axis: the terminal column with its sections and berth types (and water depths when on), and the
// bollard column with each bollard at its metre mark.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBerthType, TTerminalDetail } from '@quayline/domain';
import { BOLLARD_COLUMN_PX as DEFAULT_BOLLARD_COLUMN_PX, TERMINAL_COLUMN_PX as DEFAULT_TERMINAL_COLUMN_PX } from '../utils/planner-constants';
import { metreToPx, type TPlannerScale } from '../utils/planner-scale';
import classes from './berth-planner.module.css';

const BERTH_TYPE_KEYS = { Berth: 'berth', 'Blocked Zone': 'blocked_zone', 'Buffer Zone': 'buffer_zone' } as const satisfies Record<TBerthType, string>;

function across(scale: TPlannerScale, start: number, end: number, offset: number, thickness: number): React.CSSProperties {
  const a = metreToPx(scale, start);
  const length = (end - start) * scale.pxPerMetre;
  return scale.isSwitched ? { left: a, width: length, top: offset, height: thickness } : { top: a, height: length, left: offset, width: thickness };
}

export const QuayAxis = memo(function QuayAxis(props: { scale: TPlannerScale; terminal: TTerminalDetail; showDepths: boolean; terminalColumnPx?: number; bollardColumnPx?: number }) {
  const { scale, terminal, showDepths } = props;
  const TERMINAL_COLUMN_PX = props.terminalColumnPx ?? DEFAULT_TERMINAL_COLUMN_PX;
  const BOLLARD_COLUMN_PX = props.bollardColumnPx ?? DEFAULT_BOLLARD_COLUMN_PX;
  const { t } = useTranslation();
  return (
    <>
      {terminal.sections.map((section) => (
        <div key={section.id} className={classes.section} data-testid="planner-section" data-berth-type={section.berth_type} style={across(scale, section.start_position_m, section.end_position_m, 0, TERMINAL_COLUMN_PX)} title={`${section.name} · ${t(`berthPlanner.berth_types.${BERTH_TYPE_KEYS[section.berth_type]}`)}`}>
          <strong>{section.name}</strong>
          <div>{t(`berthPlanner.berth_types.${BERTH_TYPE_KEYS[section.berth_type]}`)}</div>
        </div>
      ))}
      {showDepths && (
        <div data-testid="overlay-depths">
          {terminal.sections.map((section) => (
            <div key={section.id} className={classes.section} style={{ ...across(scale, section.start_position_m, section.end_position_m, 0, TERMINAL_COLUMN_PX), background: 'transparent', display: 'flex', alignItems: 'flex-end', pointerEvents: 'none' }}>
              <span className={classes.depth} data-depth={section.water_depth_m}>
                {t('berthPlanner.overlays.depth', { depth: section.water_depth_m })}
              </span>
            </div>
          ))}
        </div>
      )}
      {terminal.bollards.map((bollard) => {
        const p = metreToPx(scale, bollard.position_m);
        const style: React.CSSProperties = scale.isSwitched ? { left: p - 3, top: TERMINAL_COLUMN_PX + 4, writingMode: 'vertical-rl' } : { top: p - 6, left: TERMINAL_COLUMN_PX + 4 };
        return (
          <div key={bollard.id} className={classes.bollard} data-testid="planner-bollard" data-position={bollard.position_m} style={style} title={`${bollard.name} · ${bollard.position_m} m`}>
            {bollard.name} <span style={{ color: 'var(--mantine-color-dimmed)' }}>{Math.round(bollard.position_m)}</span>
          </div>
        );
      })}
      <div aria-hidden style={scale.isSwitched ? { position: 'absolute', top: TERMINAL_COLUMN_PX, left: 0, width: scale.width, height: BOLLARD_COLUMN_PX, borderTop: '1px solid var(--mantine-color-gray-3)' } : { position: 'absolute', left: TERMINAL_COLUMN_PX, top: 0, height: scale.height, width: BOLLARD_COLUMN_PX, borderLeft: '1px solid var(--mantine-color-gray-3)' }} />
    </>
  );
});
