// /voyage-center/reports (reports_view): the three service-center reports, one card each.
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconChartBar, IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';

function ReportCard({ to, icon, title, description, testId }: { to: string; icon: ReactNode; title: string; description: string; testId: string }) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" data-testid={testId} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Stack gap="xs">
        <ThemeIcon size={40} radius="md" variant="light" color="harbor">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
    </Paper>
  );
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const base = `/${locale}/voyage-center/reports`;
  return (
    <Stack gap="md" data-testid="screen-reports_view">
      <PageHeader title={t('navigation.reports')} description={t('reports.description')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ReportCard to={`${base}/situation`} icon={<IconClipboardList size={22} />} title={t('reports.situation.title')} description={t('reports.situation.description')} testId="report-link-situation" />
        <ReportCard to={`${base}/movement`} icon={<IconArrowsExchange size={22} />} title={t('reports.movement.title')} description={t('reports.movement.description')} testId="report-link-movement" />
        <ReportCard to={`${base}/performance`} icon={<IconChartBar size={22} />} title={t('reports.performance.title')} description={t('reports.performance.description')} testId="report-link-performance" />
      </SimpleGrid>
    </Stack>
  );
}
