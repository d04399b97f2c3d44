// /voyage-center (service_center_view): schedule providers and their last fetch, schedule upload, recent sync runs, shortcuts.
import { useState, type ReactNode } from 'react';
import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudComputing, IconListDetails, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, partyOf, SCHEDULE_PROVIDER_KINDS } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/hooks/use-locale';
import { useLinkedTerminals } from '@/lib/terminals';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { useScheduleProviders } from '../api/get-schedule-providers';
import { useVoyageTemplateCount } from '../api/get-voyage-template-count';
import { useVoyages } from '../api/get-voyages';
import { ProviderCard } from './provider-card';
import { ScheduleUpload } from './schedule-upload';
import { SyncRuns } from './sync-runs';
import { TerminalPicker } from './terminal-picker';

function Shortcut({ to, icon, title, count, testId }: { to: string; icon: ReactNode; title: string; count: number | undefined; testId: string }) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" data-testid={testId} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="harbor">
          {icon}
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          <Text size="xl" fw={700} c="navy.9" data-testid={`${testId}-count`}>
            {count ?? '–'}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export function VoyageCenterScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUserDetails();
  const terminals = useLinkedTerminals();
  const [chosenTerminal, setChosenTerminal] = useState<number | null>(null);
  const terminalId = chosenTerminal ?? terminals.data?.[0]?.id ?? null;
  const terminal = terminals.data?.find((item) => item.id === terminalId);
  const timeZone = terminal?.time_zone ?? DEFAULT_TIMEZONE;
  // Providers, fetch and upload are the terminal's: the server refuses them to the vessel side, so they are not offered.
  const isTerminal = user ? partyOf(user.user_type) === 'terminal' : false;

  const voyages = useVoyages({ state: 'current', page: 1, per_page: 1, ...(terminalId !== null && isTerminal ? { terminal_id: terminalId } : {}) }, !!user);
  const templates = useVoyageTemplateCount(isTerminal ? terminalId : null);
  const canManageProviders = can(user, 'manage_schedule_providers');
  const providers = useScheduleProviders(terminalId, canManageProviders);

  return (
    <Stack gap="md" data-testid="screen-service_center_view">
      <PageHeader
        title={t('navigation.voyage_center')}
        description={isTerminal ? t('voyageCenter.overview.description_terminal', { zone: timeZone }) : t('voyageCenter.overview.description_vessel')}
        actions={isTerminal && terminals.data ? <TerminalPicker terminals={terminals.data} value={terminalId} onChange={setChosenTerminal} testId="voyage-center-terminal" /> : undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Shortcut to={`/${locale}/voyage-center/voyages`} icon={<IconListDetails size={22} />} title={t('voyageCenter.overview.current_voyages')} count={voyages.data?.meta.total_count} testId="shortcut-voyages" />
        <Shortcut to={`/${locale}/voyage-center/voyage-templates`} icon={<IconTemplate size={22} />} title={t('voyageCenter.overview.templates')} count={templates.data} testId="shortcut-templates" />
      </SimpleGrid>
      {canManageProviders && terminalId !== null && (
        <>
          <SectionCard
            id="providers-title"
            title={t('voyageCenter.providers.title')}
            icon={<IconCloudComputing size={20} />}
            testId="schedule-providers"
            isHeaderWrapping
            actions={
              <Badge variant="light" color="navy" radius="sm" tt="none">
                {t('voyageCenter.providers.zone_hint', { zone: timeZone })}
              </Badge>
            }
          >
            {providers.isPending ? (
              <Center py="md">
                <Loader type="dots" color="harbor" aria-label={t('app.loading')} />
              </Center>
            ) : providers.isError ? (
              <Stack gap="xs" align="flex-start">
                <Text size="sm" c="red.8" role="alert">
                  {t('voyageCenter.providers.load_failed')}
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => void providers.refetch()}>
                  {t('common.retry')}
                </Button>
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {SCHEDULE_PROVIDER_KINDS.map((kind) => (
                  <ProviderCard key={kind} kind={kind} provider={providers.data.find((p) => p.provider === kind) ?? null} terminalId={terminalId} timeZone={timeZone} />
                ))}
              </SimpleGrid>
            )}
          </SectionCard>
          <ScheduleUpload terminalId={terminalId} />
          <SyncRuns terminalId={terminalId} timeZone={timeZone} />
        </>
      )}
      {!isTerminal && user && (
        <Title order={2} size="h5" c="dimmed" fw={400} data-testid="voyage-center-vessel-hint">
          {t('voyageCenter.overview.vessel_hint')}
        </Title>
      )}
    </Stack>
  );
}
