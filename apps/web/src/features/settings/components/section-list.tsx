// The list inside a settings section: a loader while it loads, a red line if it failed, a quiet line when it is empty.
import type { ReactNode } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type TSectionListProps<T> = { list: UseQueryResult<T[]>; loadFailed: string; empty: string; emptyTestId: string; children: (items: T[]) => ReactNode };

export function SectionList<T>({ list, loadFailed, empty, emptyTestId, children }: TSectionListProps<T>) {
  const { t } = useTranslation();
  if (list.isPending) return <Loader size="sm" type="dots" aria-label={t('app.loading')} />;
  if (list.isError)
    return (
      <Alert color="red" variant="light">
        {loadFailed}
      </Alert>
    );
  if (list.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return children(list.data);
}
