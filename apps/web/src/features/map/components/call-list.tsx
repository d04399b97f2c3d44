// The side list of the calls on the map: name, status and predicted status; a click selects the call on the map.
import { useState } from 'react';
import { Badge, Button, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAisPortcall } from '@quayline/domain';
import { StatusBadge } from '@/entities/portcall/portcall-badges';
import { PredictedArrivalBadge } from '@/entities/portcall/predicted-arrival-badge';

/** Rows rendered at first: thousands of vessels stay cheap on the map, but not as thousands of list rows. */
export const LIST_PAGE = 200;

type TCallListProps = { calls: readonly TAisPortcall[]; selectedId: number | null; onSelect: (id: number) => void; timeZone: string };

export function CallList({ calls, selectedId, onSelect, timeZone }: TCallListProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(LIST_PAGE);
  if (calls.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm" data-testid="map-list-empty">
        {t('map.list.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="100%" type="auto" offsetScrollbars>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="map-call-list" aria-label={t('map.list.title')}>
        {calls.slice(0, shown).map((call) => {
          const isSelected = call.portcall_id === selectedId;
          return (
            <li key={call.portcall_id}>
              <UnstyledButton
                onClick={() => onSelect(call.portcall_id)}
                aria-pressed={isSelected}
                data-testid="map-call"
                data-portcall-id={call.portcall_id}
                w="100%"
                p="xs"
                style={{ borderRadius: 6, background: isSelected ? 'var(--mantine-color-harbor-0, #e7f1fb)' : undefined, border: `1px solid ${isSelected ? 'var(--mantine-color-harbor-4, #74a9d8)' : 'transparent'}` }}
              >
                <Text size="sm" fw={600} truncate>
                  {call.vessel_name}
                </Text>
                <Group gap={4} mt={2} wrap="wrap">
                  <StatusBadge status={call.status} />
                  <PredictedArrivalBadge prediction={call.predicted_berth_arrival} timeZone={timeZone} testId="map-call-prediction" />
                  {!call.position && (
                    <Badge variant="outline" color="gray" radius="sm" size="sm" leftSection={<IconMapPinOff size={11} />} data-testid="map-call-no-position">
                      {t('map.list.no_position')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      {calls.length > shown && (
        <Button variant="subtle" size="xs" fullWidth mt="xs" onClick={() => setShown((n) => n + LIST_PAGE)} data-testid="map-list-more">
          {t('map.list.more', { count: Math.min(LIST_PAGE, calls.length - shown), total: calls.length })}
        </Button>
      )}
    </ScrollArea.Autosize>
  );
}
