// What is wrong with the plan shown, each problem in words; a click brings its call and shift into view.
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBoardPortcall, TBoardShift, TShiftPlanProblem } from '@quayline/domain';
import { problemText, shiftLabel, type TTexts } from '../utils/board-texts';
import classes from './shift-planner.module.css';

/** A long list costs layout on every change; the rest is counted, and the board marks every problem anyway. */
export const PROBLEM_LIST_LIMIT = 50;

type TProblemListProps = {
  problems: readonly TShiftPlanProblem[];
  callsById: ReadonlyMap<number, TBoardPortcall>;
  shiftsByKey: ReadonlyMap<string, TBoardShift>;
  texts: TTexts;
  onSelect: (problem: TShiftPlanProblem) => void;
};

export function ProblemList({ problems, callsById, shiftsByKey, texts, onSelect }: TProblemListProps) {
  const { t } = useTranslation();
  const names = {
    vessel: (id: number) => callsById.get(id)?.vessel_name ?? `#${id}`,
    shift: (key: string | null) => {
      const shift = key === null ? undefined : shiftsByKey.get(key);
      return shift ? shiftLabel(shift, texts.locale) : t('shiftPlanner.problems.outside_shown');
    },
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="shift-problem-list" aria-labelledby="shift-problems-title">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm" id="shift-problems-title">
          {t('shiftPlanner.problems.title')}
        </Text>
        <Badge color={problems.length ? 'red' : 'gray'} size="sm" variant="light" data-testid="shift-problem-count">
          {problems.length}
        </Badge>
      </Group>
      {problems.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('shiftPlanner.problems.none')}
        </Text>
      ) : (
        <Stack gap={0} className={classes.problems}>
          {problems.slice(0, PROBLEM_LIST_LIMIT).map((problem, i) => (
            <UnstyledButton
              key={`${problem.kind}-${problem.shift_key ?? ''}-${problem.portcall_ids.join('-')}-${problem.equipment_number ?? ''}-${i}`}
              className={classes.problem}
              data-testid="shift-problem"
              data-kind={problem.kind}
              data-shift-key={problem.shift_key ?? ''}
              data-portcall-ids={problem.portcall_ids.join(',')}
              onClick={() => onSelect(problem)}
            >
              {problemText(problem, names, texts)}
            </UnstyledButton>
          ))}
          {problems.length > PROBLEM_LIST_LIMIT && (
            <Text size="xs" c="dimmed">
              {t('shiftPlanner.problems.more', { count: problems.length - PROBLEM_LIST_LIMIT })}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
