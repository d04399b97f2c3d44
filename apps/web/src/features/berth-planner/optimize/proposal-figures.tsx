// The proposal's key figures next to the current plan's: waiting, clashes, calls on time, quay utilisation.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPlanFigures } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatNumber } from '@/lib/number-format';

type TRow = { key: keyof TPlanFigures; label: string; format: (value: number) => string; lowerIsBetter: boolean };

export function ProposalFigures({ before, after }: { before: TPlanFigures; after: TPlanFigures }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = (digits: number) => (v: number) => (digits === 0 ? formatCount(v, locale) : formatNumber(v, locale, digits));
  const rows: TRow[] = [
    { key: 'total_waiting_hours', label: t('optimizer.figures.waiting'), format: number(1), lowerIsBetter: true },
    { key: 'clashes', label: t('optimizer.figures.clashes'), format: number(0), lowerIsBetter: true },
    { key: 'on_requested_time', label: t('optimizer.figures.on_time'), format: number(0), lowerIsBetter: false },
    { key: 'quay_utilisation', label: t('optimizer.figures.utilisation'), format: (v) => `${number(1)(v * 100)} %`, lowerIsBetter: false },
    { key: 'calls_without_place', label: t('optimizer.figures.without_place'), format: number(0), lowerIsBetter: true },
  ];
  const colour = (row: TRow) => {
    const delta = after[row.key] - before[row.key];
    if (Math.abs(delta) < 1e-9) return undefined;
    return delta < 0 === row.lowerIsBetter ? 'teal' : 'red';
  };
  return (
    <Table data-testid="optimize-figures" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('optimizer.figures.figure')}</Table.Th>
          <Table.Th>{t('optimizer.figures.before')}</Table.Th>
          <Table.Th>{t('optimizer.figures.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-figure={row.key}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td data-role="before">{row.format(before[row.key])}</Table.Td>
            <Table.Td data-role="after">
              <Text span c={colour(row)} fw={600} size="sm">
                {row.format(after[row.key])}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
