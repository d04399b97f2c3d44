// The card around every widget: title, its own actions, a hide button, and the loading and failure states.
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Tooltip } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { type TDashboardWidget, useDashboardSettings } from '../hooks/use-dashboard-settings';

type TWidgetFrameProps = {
  widget: TDashboardWidget;
  icon: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  state?: { isPending: boolean; isError: boolean; retry: () => void };
};

export function WidgetFrame({ widget, icon, actions, children, state }: TWidgetFrameProps) {
  const { t } = useTranslation();
  const { hide } = useDashboardSettings();
  const title = t(`dashboard.widgets.${widget}`);
  const hideLabel = t('dashboard.settings.hide', { widget: title });
  return (
    <SectionCard
      id={`widget-title-${widget}`}
      title={title}
      icon={icon}
      isHeaderWrapping
      actions={
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {actions}
          <Tooltip label={hideLabel}>
            <ActionIcon variant="subtle" color="gray" onClick={() => hide(widget)} aria-label={hideLabel} data-testid={`widget-hide-${widget}`}>
              <IconEyeOff size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    >
      {state?.isPending ? (
        <Center py="lg">
          <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
        </Center>
      ) : state?.isError ? (
        <Alert color="orange" variant="light" title={t('dashboard.load_failed')} role="alert">
          <Button variant="light" size="compact-sm" mt="xs" onClick={state.retry}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        children
      )}
    </SectionCard>
  );
}
