// One template in the list: service, rotation with our terminal highlighted, berth window, recurrence, validity, vessels, generation state.
import { Fragment } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLocale, TVoyageTemplate } from '@quayline/domain';
import { useTemplateText } from '../utils/template-text';

type TTemplateCardProps = { template: TVoyageTemplate; timeZone: string; locale: TLocale; canChange: boolean; onGenerate: () => void };

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function TemplateCard({ template, timeZone, locale, canChange, onGenerate }: TTemplateCardProps) {
  const { t } = useTranslation();
  const text = useTemplateText(locale);
  const exceptions = template.recurrence.exceptions.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="template-card" data-template-id={template.id} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4" c="navy.9" data-testid="template-name">
                {template.name}
              </Title>
              <Badge variant="light" color="navy" radius="sm" data-testid="template-code">
                {template.code}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" data-testid="template-operator">
              {t('voyageTemplates.card.operator')}: {template.vessel_operator}
            </Text>
          </Stack>
          {canChange && (
            <Group gap="xs">
              <Button
                component={Link}
                to={`/${locale}/voyage-center/voyage-templates/edit?id=${template.id}`}
                variant="light"
                size="xs"
                leftSection={<IconEdit size={16} />}
                data-testid="template-edit"
              >
                {t('voyageTemplates.card.edit')}
              </Button>
              <Button variant="filled" size="xs" leftSection={<IconPlayerPlay size={16} />} onClick={onGenerate} data-testid="template-generate">
                {t('voyageTemplates.card.generate')}
              </Button>
            </Group>
          )}
        </Group>

        <Fact label={t('voyageTemplates.card.rotation')} testId="template-rotation">
          <Group gap={4} wrap="wrap">
            {template.rotation.map((stop, index) => (
              <Fragment key={`${stop.port_id}-${index}`}>
                {index > 0 && (
                  <Text span c="dimmed" aria-hidden>
                    →
                  </Text>
                )}
                {stop.is_terminal_call ? (
                  <Tooltip label={`${stop.port_name} (${t('voyageTemplates.card.terminal_stop')})`}>
                    <Badge color="harbor" variant="filled" radius="sm" data-testid="template-rotation-terminal" aria-label={`${stop.unlocode}, ${t('voyageTemplates.card.terminal_stop')}`}>
                      {stop.unlocode}
                    </Badge>
                  </Tooltip>
                ) : (
                  <Tooltip label={stop.port_name}>
                    <Badge color="gray" variant="light" radius="sm">
                      {stop.unlocode}
                    </Badge>
                  </Tooltip>
                )}
              </Fragment>
            ))}
          </Group>
        </Fact>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('voyageTemplates.card.berth_window')} testId="template-berth-window">
            {text.berthWindow(template)}
          </Fact>
          <Fact label={t('voyageTemplates.card.recurrence')} testId="template-recurrence">
            <span data-testid="template-recurrence-text" data-rrule={template.rrule}>
              {text.recurrence(template.recurrence.interval_weeks, template.berth_window.arrival_weekday)}
              {exceptions > 0 && ` · ${t('voyageTemplates.recurrence.exceptions', { count: exceptions })}`}
            </span>
          </Fact>
          <Fact label={t('voyageTemplates.card.validity')} testId="template-validity">
            {text.validity(template.valid_from, template.valid_to)}
          </Fact>
          <Fact label={t('voyageTemplates.card.vessels')} testId="template-vessels">
            {template.vessels.map((vessel) => vessel.name).join(' → ')}
          </Fact>
          <Fact label={t('voyageTemplates.card.future_voyages')} testId="template-future-voyages">
            {template.future_voyages}
          </Fact>
          <Fact label={t('voyageTemplates.card.generated_until')} testId="template-generated-until">
            {template.generated_until ? text.day(template.generated_until, timeZone) : t('voyageTemplates.card.not_generated')}
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
