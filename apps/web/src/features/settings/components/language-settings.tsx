// Display language: PUT /update_locale, then the URL's locale prefix follows.
import type { ReactNode } from 'react';
import { Select, Stack } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, LOCALE_NAMES } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { switchLocaleInPath } from '@/lib/locale';
import { useUpdateLocale } from '@/lib/user';
import { notifyFailure } from './notify';
import { SettingsSection } from './settings-section';

/** lockedNotice: set while acting for a colleague; the saved language is theirs and stays as it is. */
export function LanguageSettings({ lockedNotice = null }: { lockedNotice?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const updateLocaleMutation = useUpdateLocale();

  const change = (value: string | null) => {
    if (lockedNotice || !isLocale(value) || value === locale || updateLocaleMutation.isPending) return;
    updateLocaleMutation.mutate(value, {
      onError: (error) => notifyFailure({ id: 'locale-save-failed', message: t('settings.save_failed'), error }),
    });
    void navigate(switchLocaleInPath(location.pathname, value) + location.search);
  };

  return (
    <SettingsSection icon={<IconLanguage size={22} />} title={t('settings.language.title')} description={t('settings.language.description')} testId="settings-language">
      <Stack gap="sm">
        {lockedNotice}
        <Select
          disabled={!!lockedNotice}
          label={t('settings.language.label')}
          data={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          value={locale}
          onChange={change}
          allowDeselect={false}
          maw={320}
          comboboxProps={{ withinPortal: true }}
          data-testid="settings-locale"
        />
      </Stack>
    </SettingsSection>
  );
}
