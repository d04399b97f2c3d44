// The calls the proposal moves, from -> to with the shift, each with a checkbox to keep or drop the move.
import { Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type TBerthPlacement, type TOptimizeMove } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { formatCount, formatNumber } from '@/lib/number-format';

type TProps = { moves: readonly TOptimizeMove[]; kept: ReadonlySet<number>; timeZone: string; disabled: boolean; onToggle: (portcallId: number) => void };

export function ProposalMoves({ moves, kept, timeZone, disabled, onToggle }: TProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const signed = (v: number, digits: number) => `${v > 0 ? '+' : ''}${formatNumber(v, locale, digits)}`;
  const place = (p: TBerthPlacement) => {
    const time = formatZonedDateTime(p.berth_arrival, timeZone, locale);
    return p.berth_start_position === null || p.berth_end_position === null
      ? t('optimizer.moves.no_position', { time })
      : t('optimizer.moves.place', { time, from: formatCount(p.berth_start_position, locale), to: formatCount(p.berth_end_position, locale) });
  };
  if (moves.length === 0) return <Text size="sm">{t('optimizer.moves.none')}</Text>;
  return (
    <Table withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('optimizer.moves.vessel')}</Table.Th>
          <Table.Th>{t('optimizer.moves.from')}</Table.Th>
          <Table.Th>{t('optimizer.moves.to')}</Table.Th>
          <Table.Th>{t('optimizer.moves.shift_hours')}</Table.Th>
          <Table.Th>{t('optimizer.moves.shift_metres')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {moves.map((move) => (
          <Table.Tr key={move.portcall_id} data-testid="optimize-move" data-portcall-id={move.portcall_id}>
            <Table.Td>
              <Checkbox
                data-testid="optimize-move-toggle"
                aria-label={t('optimizer.moves.keep', { vessel: move.vessel_name })}
                checked={kept.has(move.portcall_id)}
                disabled={disabled}
                onChange={() => onToggle(move.portcall_id)}
              />
            </Table.Td>
            <Table.Td>{move.vessel_name}</Table.Td>
            <Table.Td>{place(move.from)}</Table.Td>
            <Table.Td>{place(move.to)}</Table.Td>
            <Table.Td>{signed(move.shift_hours, 1)}</Table.Td>
            <Table.Td>{signed(move.shift_metres, 0)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
