// /voyage-center/voyage-templates/add and /edit?id=N: load what the form needs, refuse politely who may not change templates.
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE } from '@quayline/domain';
import { ContentLoader } from '@/components/ui/content-loader';
import { PageHeader } from '@/components/ui/page-header';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useCurrentTerminal, useLinkedTerminals } from '@/lib/terminals';
import { useUserDetails } from '@/lib/user';
import { zonedDay } from '@/lib/zoned-time';
import { useVoyageTemplate } from '../api/get-voyage-template';
import { defaultTemplateValues, templateValuesOf } from '../utils/template-form-values';
import { canChangeTemplate, canCreateTemplates } from '../utils/template-permissions';
import { TemplateForm } from './template-form';

function Notice({ title, message, testId }: { title: string; message: string; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={title} data-testid={testId}>
      {message}{' '}
      <Anchor component={Link} to={`/${locale}/voyage-center/voyage-templates`}>
        {t('voyageTemplates.form.to_list')}
      </Anchor>
    </Alert>
  );
}

function templateIdOf(text: string | null): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function AddVoyageTemplateScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: user } = useUserDetails();
  const terminalsQuery = useLinkedTerminals();
  const currentQuery = useCurrentTerminal();
  const header = <PageHeader title={t('navigation.create_template')} description={t('voyageTemplates.form.add_description')} />;
  const wrap = (body: React.ReactNode) => (
    <Stack gap={0} data-testid="screen-voyage_templates_add_view">
      {header}
      {body}
    </Stack>
  );

  if (user && !canCreateTemplates(user)) return wrap(<Notice title={t('voyageTemplates.form.not_allowed_title')} message={t('voyageTemplates.form.not_allowed')} testId="template-not-allowed" />);
  if (terminalsQuery.isError)
    return wrap(
      <Alert color="red" role="alert">
        {errorText(terminalsQuery.error)}
      </Alert>,
    );
  if (!user || terminalsQuery.isPending || currentQuery.isPending) return wrap(<ContentLoader />);
  const terminals = terminalsQuery.data;
  const terminalId = (currentQuery.data && terminals.some((x) => x.id === currentQuery.data.id) ? currentQuery.data.id : terminals[0]?.id) ?? null;
  const timeZone = terminals.find((x) => x.id === terminalId)?.time_zone ?? DEFAULT_TIMEZONE;
  // A vessel operator keeps templates of their own company only: the operator is filled in and fixed.
  const isOwnCompany = user.user_type === 'vessel_operator' && user.organisation_id !== null;
  return wrap(
    <TemplateForm
      mode="add"
      initialValues={defaultTemplateValues({ terminalId, vesselOperatorId: isOwnCompany ? user.organisation_id : null, today: zonedDay(Date.now(), timeZone) })}
      initialBase={null}
      terminals={terminals}
      operatorLabel={isOwnCompany ? user.organisation_name : null}
      isOperatorLocked={isOwnCompany}
    />,
  );
}

export function EditVoyageTemplateScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const id = templateIdOf(params.get('id'));
  const { data: user } = useUserDetails();
  const templateQuery = useVoyageTemplate(id);
  const terminalsQuery = useLinkedTerminals();
  const template = templateQuery.data;
  const header = <PageHeader title={t('navigation.edit_template')} description={template ? t('voyageTemplates.form.edit_description', { name: template.name }) : undefined} />;
  const wrap = (body: React.ReactNode) => (
    <Stack gap={0} data-testid="screen-voyage_templates_edit_view">
      {header}
      {body}
    </Stack>
  );

  if (id === null || (isApiError(templateQuery.error) && templateQuery.error.httpStatus === 404))
    return wrap(<Notice title={t('voyageTemplates.form.not_found_title')} message={t('voyageTemplates.form.not_found')} testId="template-not-found" />);
  if (templateQuery.isError)
    return wrap(
      <Alert color="red" role="alert">
        {errorText(templateQuery.error)}
      </Alert>,
    );
  if (!template || !user || terminalsQuery.isPending) return wrap(<ContentLoader />);
  if (!canChangeTemplate(user, template)) return wrap(<Notice title={t('voyageTemplates.form.not_allowed_title')} message={t('voyageTemplates.form.not_allowed')} testId="template-not-allowed" />);
  const known = terminalsQuery.data ?? [];
  return wrap(
    <TemplateForm
      key={template.id}
      mode="edit"
      initialValues={templateValuesOf(template)}
      initialBase={template}
      terminals={known}
      operatorLabel={template.vessel_operator}
      isOperatorLocked={user.user_type === 'vessel_operator'}
    />,
  );
}
