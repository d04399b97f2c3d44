// The dots shown in place of a screen's content, below its header, while what it shows loads.
import { Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <Group justify="center" p="xl">
      <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
    </Group>
  );
}
