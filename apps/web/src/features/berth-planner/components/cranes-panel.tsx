// Which crane works which call when: the crane bookings on the calls of the window, and every quay crane with its rail.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLocale, TPlannerPortcall, TTerminalCrane } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { SidePanel } from './side-panel';

type TBooking = { key: string; equipment: string; vessel: string; start: string; end: string };

/**
 * Bookings of the terminal's quay cranes. A crane is bookable as the equipment whose number is the crane's name in the
 * crane list, so that key decides, not words in an equipment name (a reach stacker may be called "Krane 3").
 */
export function craneBookings(calls: readonly TPlannerPortcall[], cranes: readonly TTerminalCrane[]): TBooking[] {
  const craneByNumber = new Map(cranes.map((c) => [c.name.trim().toLowerCase(), c]));
  const out: TBooking[] = [];
  for (const call of calls) {
    for (const e of call.equipment_details) {
      const crane = craneByNumber.get(e.equipment_number.trim().toLowerCase());
      if (crane) out.push({ key: `${call.id}-${e.id}`, equipment: crane.name, vessel: call.vessel_name, start: e.start_time, end: e.end_time });
    }
  }
  return out.sort((a, b) => a.equipment.localeCompare(b.equipment) || a.start.localeCompare(b.start));
}

export function CranesPanel({ cranes, calls, timeZone, locale }: { cranes: readonly TTerminalCrane[]; calls: readonly TPlannerPortcall[]; timeZone: string; locale: TLocale }) {
  const { t } = useTranslation();
  const bookings = craneBookings(calls, cranes);
  return (
    <SidePanel title={t('berthPlanner.overlays.cranes')} testId="overlay-cranes">
      <Stack gap={2}>
        {cranes.map((crane) => (
          <Text key={crane.id} size="xs" data-testid="planner-crane">
            <strong>{crane.name}</strong> · {crane.crane_type} · {t('berthPlanner.overlays.crane_line', { from: crane.rail_start_m, to: crane.rail_end_m, rate: crane.moves_per_hour })}
          </Text>
        ))}
      </Stack>
      <Text fw={600} size="xs" mt={6}>
        {t('berthPlanner.overlays.bookings')}
      </Text>
      {bookings.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('berthPlanner.overlays.no_bookings')}
        </Text>
      ) : (
        <Stack gap={2}>
          {bookings.slice(0, 100).map((b) => (
            <Text key={b.key} size="xs" data-testid="planner-crane-booking">
              <strong>{b.equipment}</strong> · {b.vessel} · {formatZonedDateTime(b.start, timeZone, locale)} – {formatZonedDateTime(b.end, timeZone, locale)}
            </Text>
          ))}
        </Stack>
      )}
    </SidePanel>
  );
}
