// The terminal a voyage-center screen works on: the first linked one, with a choice when the user has several.
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTerminal } from '@quayline/domain';

type TProps = { terminals: TTerminal[]; value: number | null; onChange: (id: number) => void; testId: string };

export function TerminalPicker({ terminals, value, onChange, testId }: TProps) {
  const { t } = useTranslation();
  if (terminals.length < 2) return null;
  return (
    <Select
      label={t('voyageCenter.terminal')}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      data={terminals.map((terminal) => ({ value: String(terminal.id), label: terminal.name }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
      data-testid={testId}
    />
  );
}
