// /help (help_view): for each screen of the navigation, what it is for and how its main tasks are done, with a way
// to open it; below, who to ask and where the API reference is.
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';
import { HELP_TOPICS, helpSummaryKey, helpTaskKeys, type THelpTopic } from '../help-topics';

const anchorOf = (id: string) => `help-${id}`;

function TopicCard({ topic }: { topic: THelpTopic }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const Icon = topic.icon;
  const title = t(topic.titleKey);
  return (
    <Paper component="section" id={anchorOf(topic.id)} withBorder radius="lg" p="md" aria-labelledby={`${anchorOf(topic.id)}-title`} data-testid={`help-topic-${topic.id}`} style={{ scrollMarginTop: 72 }}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" variant="light" color="harbor" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={`${anchorOf(topic.id)}-title`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t(helpSummaryKey(topic.id))}
            </Text>
          </Stack>
        </Group>
        <List type="ordered" size="sm" spacing={6} style={{ flex: 1 }}>
          {helpTaskKeys(topic.id).map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
        {topic.path && (
          <Button component={Link} to={`/${locale}${topic.path}`} variant="light" size="xs" rightSection={<IconArrowRight size={14} />} style={{ alignSelf: 'flex-start' }} aria-label={t('help.page.open_screen', { screen: title })} data-testid={`help-open-${topic.id}`}>
            {t('help.page.open')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function HelpScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200} data-testid="screen-help_view">
      <PageHeader title={t('help.title')} description={t('help.page.intro')} />
      <Group gap={6} component="nav" aria-label={t('help.page.contents')}>
        {HELP_TOPICS.map((topic) => (
          <Button key={topic.id} component="a" href={`#${anchorOf(topic.id)}`} variant="default" size="compact-sm" radius="xl" fw={500}>
            {t(topic.titleKey)}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {HELP_TOPICS.map((topic) => (
          <TopicCard key={topic.id} topic={topic} />
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" data-testid="help-contact">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('help.page.contact_title')}
          </Title>
          <Text size="sm">{t('help.description')}</Text>
          <Anchor href={`${API_PREFIX}/docs`} target="_blank" rel="noreferrer" size="sm" fw={600}>
            {t('help.api_docs')} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
