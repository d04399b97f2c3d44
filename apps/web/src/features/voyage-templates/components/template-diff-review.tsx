// After an edit: what the template would now change in its future calls, item by item; the person applies what they choose.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, POPUP_AUTO_CLOSE_MS, type TLocale, type TTemplateDiff, type TTemplateDiffItem } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useErrorText } from '@/hooks/use-error-text';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useApplyTemplateDiff } from '../api/apply-template-diff';

/** A value the call does not have yet (an added occurrence) or no longer has: a dash, in every language. */
const NO_VALUE = '—';

type TTemplateDiffReviewProps = { templateId: number; diff: TTemplateDiff; timeZone: string; locale: TLocale; onDone: () => void };

/** Changes and removals are chosen by voyage, additions (no voyage yet) by voyage number. */
export const diffItemKey = (item: TTemplateDiffItem): string => (item.kind === 'add' || item.voyage_id === null ? `add:${item.voyage_number_import}` : `voyage:${item.voyage_id}`);

const EFFECT_COLOURS: Record<TTemplateDiffItem['effect'], string> = { estimate: 'blue', request: 'indigo', propose: 'orange', keep: 'gray', cancel: 'red', create: 'green' };

export function TemplateDiffReview({ templateId, diff, timeZone, locale, onDone }: TTemplateDiffReviewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const mutation = useApplyTemplateDiff();
  const [selected, setSelected] = useState(() => new Set(diff.items.map(diffItemKey)));

  const toggle = (key: string, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(key);
      else next.delete(key);
      return next;
    });
  const allChecked = selected.size === diff.items.length;
  const time = (iso: string | null) => (iso ? formatZonedDateTime(iso, timeZone, locale) : NO_VALUE);
  const change = (before: string | null, after: string | null, format: (value: string | null) => string) =>
    before === after ? format(after) : `${format(before)} → ${format(after)}`;
  const vessel = (name: string | null) => name ?? NO_VALUE;

  const apply = () => {
    const chosen = diff.items.filter((item) => selected.has(diffItemKey(item)));
    const voyageIds = chosen.flatMap((item) => (item.kind !== 'add' && item.voyage_id !== null ? [item.voyage_id] : []));
    const additions = chosen.flatMap((item) => (item.kind === 'add' || item.voyage_id === null ? [item.voyage_number_import] : []));
    mutation.mutate(
      { id: templateId, request: { template_version: diff.template_version, voyage_ids: voyageIds, add_voyage_numbers: additions } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', withBorder: true, autoClose: POPUP_AUTO_CLOSE_MS, message: t('voyageTemplates.diff.applied_title') });
          onDone();
        },
      },
    );
  };

  const checkbox = (item: TTemplateDiffItem) => {
    const key = diffItemKey(item);
    return (
      <Checkbox
        checked={selected.has(key)}
        onChange={(e) => toggle(key, e.currentTarget.checked)}
        aria-label={t('voyageTemplates.diff.select_item', { voyage: item.voyage_number_import })}
        data-testid="diff-item-check"
      />
    );
  };
  const effect = (item: TTemplateDiffItem) => (
    <Badge
      color={EFFECT_COLOURS[item.effect]}
      variant="light"
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
      data-testid="diff-item-effect"
    >
      {t(`voyageTemplates.diff.effects.${item.effect}`)}
    </Badge>
  );

  return (
    <SectionCard id="template-diff" title={t('voyageTemplates.diff.title')} icon={<IconArrowsDiff size={22} stroke={1.6} color="var(--mantine-color-harbor-7)" />} testId="template-diff">
      <Text size="sm" c="dimmed">
        {t('voyageTemplates.diff.description')}
      </Text>
      <Checkbox
        label={t('voyageTemplates.diff.select_all')}
        checked={allChecked}
        indeterminate={!allChecked && selected.size > 0}
        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(diff.items.map(diffItemKey)) : new Set())}
        data-testid="diff-select-all"
      />
      {isPhone ? (
        <Stack gap="sm" data-testid="diff-cards">
          {diff.items.map((item) => (
            <Paper key={diffItemKey(item)} withBorder radius="md" p="sm" data-testid="diff-item" data-kind={item.kind}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap">
                    {checkbox(item)}
                    <Text fw={600} size="sm" data-testid="diff-item-voyage">
                      {item.voyage_number_import}
                    </Text>
                  </Group>
                  {effect(item)}
                </Group>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('voyageTemplates.diff.vessel')}:{' '}
                  </Text>
                  {change(item.vessel_before, item.vessel_after, vessel)}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('voyageTemplates.diff.arrival')}:{' '}
                  </Text>
                  {change(item.berth_arrival_before, item.berth_arrival_after, time)}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('voyageTemplates.diff.departure')}:{' '}
                  </Text>
                  {change(item.berth_departure_before, item.berth_departure_after, time)}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="diff-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('voyageTemplates.diff.voyage')}</Table.Th>
                <Table.Th>{t('voyageTemplates.diff.vessel')}</Table.Th>
                <Table.Th>{t('voyageTemplates.diff.arrival')}</Table.Th>
                <Table.Th>{t('voyageTemplates.diff.departure')}</Table.Th>
                <Table.Th>{t('voyageTemplates.diff.effect')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diff.items.map((item) => (
                <Table.Tr key={diffItemKey(item)} data-testid="diff-item" data-kind={item.kind}>
                  <Table.Td>{checkbox(item)}</Table.Td>
                  <Table.Td fw={600} data-testid="diff-item-voyage">
                    {item.voyage_number_import}
                  </Table.Td>
                  <Table.Td data-testid="diff-item-vessel">{change(item.vessel_before, item.vessel_after, vessel)}</Table.Td>
                  <Table.Td data-testid="diff-item-arrival">{change(item.berth_arrival_before, item.berth_arrival_after, time)}</Table.Td>
                  <Table.Td data-testid="diff-item-departure">{change(item.berth_departure_before, item.berth_departure_after, time)}</Table.Td>
                  <Table.Td>{effect(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mutation.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="diff-error">
          {errorText(mutation.error)}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={apply} loading={mutation.isPending} disabled={selected.size === 0} data-testid="diff-apply">
          {t('voyageTemplates.diff.apply', { count: selected.size })}
        </Button>
        <Button variant="default" onClick={onDone} disabled={mutation.isPending} data-testid="diff-leave">
          {t('voyageTemplates.diff.leave')}
        </Button>
      </Group>
    </SectionCard>
  );
}
