// Everything the app needs around its router: Mantine, notifications, TanStack Query, i18next and the date pickers'
// language (inside i18next, whose language it follows).
import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider, MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { POPUP_AUTO_CLOSE_MS } from '@quayline/domain';
import { createQueryClient } from '@/lib/query-client';
import { createI18n } from '@/lib/i18n';
import { AppDatesProvider } from '@/components/date-inputs';
import { closeLabelTheme, cssVariablesResolver, theme } from './theme';

/** `env: 'test'` turns Mantine's transitions and portals off, so dropdowns open synchronously under jsdom. */
type TAppProviderProps = { children: ReactNode; queryClient?: QueryClient; i18n?: TI18n; env?: 'default' | 'test' };

export function AppProvider({ children, queryClient, i18n, env = 'default' }: TAppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [i18nInstance] = useState(() => i18n ?? createI18n());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <I18nextProvider i18n={i18nInstance}>
        <CloseLabels>
          <Notifications position="top-right" autoClose={POPUP_AUTO_CLOSE_MS} zIndex={1000} />
          <AppDatesProvider>
            <QueryClientProvider client={client}>{children}</QueryClientProvider>
          </AppDatesProvider>
        </CloseLabels>
      </I18nextProvider>
    </MantineProvider>
  );
}

/** Names the close buttons of popups, dialogs and drawers in the reader's language, also where a screen sets none. */
function CloseLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const label = t('common.close');
  const overrides = useMemo(() => closeLabelTheme(label), [label]);
  return (
    <MantineThemeProvider theme={overrides} inherit>
      {children}
    </MantineThemeProvider>
  );
}
