// The alerts above a form after a failed save: the problems the user has to fix, each named by its field, and a
// failed request's error.
import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useErrorText } from '@/hooks/use-error-text';

export type TListedProblem = { key: string; text: string };

type TFormProblemsProps = {
  title: string;
  problems: readonly TListedProblem[];
  problemsTestId: string;
  /** What the failed save threw, or null while there is none. */
  submitError: unknown;
  errorTestId: string;
};

export function FormProblems({ title, problems, problemsTestId, submitError, errorTestId }: TFormProblemsProps) {
  const errorText = useErrorText();
  return (
    <>
      {problems.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={title} role="alert" data-testid={problemsTestId}>
          <List size="sm" spacing={2}>
            {problems.map((p) => (
              <List.Item key={p.key}>{p.text}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {submitError !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid={errorTestId}>
          {errorText(submitError)}
        </Alert>
      )}
    </>
  );
}
