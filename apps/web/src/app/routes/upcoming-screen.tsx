// Content screens whose features arrive in later releases: heading and an honest empty state, never sample data.
import type { ComponentType } from 'react';
import { IconAnchor, IconMap2, type IconProps } from '@tabler/icons-react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRouteInfo } from '@quayline/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { headingText } from '@/lib/heading-text';

export const UPCOMING_VIEWS = ['berth_view', 'map_view'] as const;
export type TUpcomingView = (typeof UPCOMING_VIEWS)[number];

export function isUpcomingView(view: string): view is TUpcomingView {
  return (UPCOMING_VIEWS as readonly string[]).includes(view);
}

const ICONS: Record<TUpcomingView, ComponentType<IconProps>> = {
  berth_view: IconAnchor,
  map_view: IconMap2,
};

export function UpcomingScreen({ route, view }: { route: TRouteInfo; view: TUpcomingView }) {
  const { t } = useTranslation();
  const Icon = ICONS[view];
  return (
    <Stack gap={0} data-testid={`screen-${view}`}>
      <PageHeader title={headingText(t, route.headingKey)} />
      <EmptyState
        icon={<Icon size={32} stroke={1.5} />}
        badge={t('emptyStates.coming_soon')}
        title={t(`emptyStates.${view}.title`)}
        description={t(`emptyStates.${view}.description`)}
        testId="empty-state"
      />
    </Stack>
  );
}
