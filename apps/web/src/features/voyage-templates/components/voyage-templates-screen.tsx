// /voyage-center/voyage-templates (voyage_templates_view): the templates 10 a page with search, edit and generate.
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTemplate } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VOYAGE_TEMPLATES_PAGE_SIZE, type TVoyageTemplate } from '@quayline/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { useUserDetails } from '@/lib/user';
import { useVoyageTemplates } from '../api/get-voyage-templates';
import { canChangeTemplate, canCreateTemplates } from '../utils/template-permissions';
import { GenerateDialog } from './generate-dialog';
import { TemplateCard } from './template-card';

const SEARCH_DEBOUNCE_MS = 300;

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function VoyageTemplatesScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUserDetails();
  const { zoneOf, defaultZone } = useTerminalTimeZones();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const templates = useVoyageTemplates({ q: q || undefined, page });
  const [generating, setGenerating] = useState<TVoyageTemplate | null>(null);

  const change = (next: { q?: string; page?: number }) => {
    const merged = { q, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q.trim()) search.set('q', merged.q.trim());
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  useEffect(() => {
    if (debounced.trim() !== q) change({ q: debounced });
    // Only the typed text drives this; the URL follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const meta = templates.data?.meta;
  const first = meta && meta.total_count > 0 ? (meta.page - 1) * VOYAGE_TEMPLATES_PAGE_SIZE + 1 : 0;
  const last = meta ? Math.min(meta.page * VOYAGE_TEMPLATES_PAGE_SIZE, meta.total_count) : 0;
  const mayCreate = user ? canCreateTemplates(user) : false;

  return (
    <Stack gap={0} data-testid="screen-voyage_templates_view">
      <PageHeader
        title={t('navigation.voyage_templates')}
        description={t('voyageTemplates.description', { zone: defaultZone })}
        actions={
          mayCreate ? (
            <Button component={Link} to={`/${locale}/voyage-center/voyage-templates/add`} leftSection={<IconPlus size={18} />} data-testid="templates-create">
              {t('voyageTemplates.create')}
            </Button>
          ) : undefined
        }
      />
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <TextInput
          label={t('voyageTemplates.search_label')}
          placeholder={t('voyageTemplates.search_placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 320 }}
          data-testid="templates-search"
        />
        {meta && meta.total_count > 0 && (
          <Text size="sm" c="dimmed" data-testid="templates-range">
            {t('voyageTemplates.count_range', { first, last, count: meta.total_count })}
          </Text>
        )}
      </Group>

      {templates.isPending ? (
        <Center py="xl">
          <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
        </Center>
      ) : templates.isError ? (
        <Alert color="orange" variant="light" title={t('voyageTemplates.load_failed')} role="alert" data-testid="templates-error">
          <Button variant="light" size="compact-sm" mt="xs" onClick={() => void templates.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : templates.data.items.length === 0 ? (
        <EmptyState
          icon={<IconTemplate size={32} stroke={1.5} />}
          title={q ? t('voyageTemplates.empty.search_title') : t('voyageTemplates.empty.title')}
          description={q ? t('voyageTemplates.empty.search_description') : t('voyageTemplates.empty.description')}
          testId="templates-empty"
        />
      ) : (
        <Stack gap="md" data-testid="templates-list" aria-busy={templates.isPlaceholderData}>
          {templates.data.items.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              timeZone={zoneOf(template.terminal_id)}
              locale={locale}
              canChange={user ? canChangeTemplate(user, template) : false}
              onGenerate={() => setGenerating(template)}
            />
          ))}
        </Stack>
      )}

      {meta && meta.total_pages > 1 && (
        <Center mt="lg">
          <Pagination
            total={meta.total_pages}
            value={page}
            onChange={(next) => change({ page: next })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`voyageTemplates.page_${control}`) })}
            data-testid="templates-pagination"
          />
        </Center>
      )}
      {generating && <GenerateDialog template={generating} timeZone={zoneOf(generating.terminal_id)} locale={locale} onClose={() => setGenerating(null)} />}
    </Stack>
  );
}
