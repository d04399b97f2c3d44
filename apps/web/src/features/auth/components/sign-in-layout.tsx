// The sign-in area frame: one centred card (at most 500 px) with the product mark, and locale links under it.
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, LOGIN_CARD_MAX_WIDTH_PX } from '@quayline/domain';
import { Logo } from '@/components/ui/logo';
import { useLocale } from '@/hooks/use-locale';
import { switchLocaleInPath } from '@/lib/locale';
import classes from './sign-in-layout.module.css';

export function SignInLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  return (
    <Box className={classes.page} component="main">
      <Paper className={classes.card} maw={LOGIN_CARD_MAX_WIDTH_PX} radius="lg" p={{ base: 'lg', xs: 40 }} data-testid="sign-in-card">
        <Stack gap="xl">
          <Logo name={t('app.name')} size="xl" markSize={40} />
          <Outlet />
        </Stack>
      </Paper>
      <Stack className={classes.locales} gap={6} align="center">
        <Group gap={4} justify="center" component="nav" aria-label={t('header.language')}>
          {LOCALES.map((code) => (
            <Anchor
              key={code}
              component={Link}
              to={switchLocaleInPath(location.pathname, code) + location.search}
              className={classes.localeLink}
              aria-current={code === locale}
              lang={code}
              data-testid={`sign-in-locale-${code}`}
            >
              {LOCALE_NAMES[code]}
            </Anchor>
          ))}
        </Group>
        <Text size="xs" className={classes.tagline}>
          {t('app.tagline')}
        </Text>
      </Stack>
    </Box>
  );
}
