// Header language menu: swaps the URL's locale prefix and saves the choice (PUT /update_locale).
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, type TLocale } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { switchLocaleInPath } from '@/lib/locale';
import { useUpdateLocale, useUserDetails } from '@/lib/user';
import classes from './app-layout.module.css';

export function LocaleSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const updateLocaleMutation = useUpdateLocale();
  // The saved language is the colleague's own preference: while acting, only this tab's page language changes.
  const isActing = !!useUserDetails().data?.proxy;

  const choose = (next: TLocale) => {
    if (next === locale) return;
    // Failures on settings calls are only logged (spec 8); the page still switches.
    if (!isActing) updateLocaleMutation.mutate(next, { onError: (error) => console.error(error) });
    void navigate(switchLocaleInPath(location.pathname, next) + location.search);
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal>
      <Menu.Target>
        <Button
          variant="outline"
          size="compact-md"
          className={classes.localeButton}
          leftSection={<IconLanguage size={16} />}
          rightSection={<IconChevronDown size={14} />}
          // The visible code leads the name, so a voice user saying "EN" reaches the button (WCAG 2.5.3).
          aria-label={`${locale.toUpperCase()}, ${t('header.language')}: ${LOCALE_NAMES[locale]}`}
          data-testid="locale-switch"
        >
          {locale.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LOCALES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => choose(code)}
            rightSection={code === locale ? <IconCheck size={14} /> : null}
            data-testid={`locale-option-${code}`}
          >
            {LOCALE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
