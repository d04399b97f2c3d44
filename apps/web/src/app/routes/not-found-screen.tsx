// Unknown path or unknown locale: heading, explanation and a way home.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompassOff, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { useLocale } from '@/hooks/use-locale';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Center mih="100dvh" p="md" bg="#f3f6fa" component="main">
      <Stack align="center" gap="md" maw={460} ta="center" data-testid="not-found">
        <Logo name={t('app.name')} size="lg" />
        <ThemeIcon size={88} radius={44} variant="light" color="navy" mt="lg">
          <IconCompassOff size={48} stroke={1.4} />
        </ThemeIcon>
        <Title order={1} size="h2" c="navy.9">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to={`/${locale}/dashboard`} leftSection={<IconHome size={18} />} data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
