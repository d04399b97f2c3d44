// /portcall-planner/portcall/add (add_portcall) and /portcall/edit?id=N (edit_portcall): load what the form needs, then show it.
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE } from '@quayline/domain';
import { ContentLoader } from '@/components/ui/content-loader';
import { PageHeader } from '@/components/ui/page-header';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useMasterDataSearch } from '@/lib/master-data-search';
import { organisationLabel } from '@/lib/record-labels';
import { useCurrentTerminal, useTerminal, useLinkedTerminals } from '@/lib/terminals';
import { usePortcall } from '../api/get-portcall';
import { useParty } from '../hooks/use-party';
import { useVesselOptionLabel } from '@/entities/portcall/use-vessel-type-text';
import { defaultFormValues, formValuesFromPortcall } from '../utils/form-values';
import { portcallIdOf } from '../utils/portcall-id';
import { PortcallNotFound } from './portcall-details-screen';
import { labelsOfPortcall, PortcallForm } from './portcall-form';

export function AddPortcallScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const who = useParty();
  const terminalsQuery = useLinkedTerminals();
  const currentQuery = useCurrentTerminal();
  // A vessel operator books for their own company, an agent as the call's agent: their organisation is filled in and fixed.
  const ownKind = who?.userType === 'vessel_operator' ? 'vessel_operators' : who?.userType === 'agent' ? 'agents' : null;
  const organisationName = who?.organisationName ?? '';
  const ownQuery = useMasterDataSearch(ownKind ?? 'agents', organisationName, ownKind !== null && organisationName !== '');

  const header = <PageHeader title={t('navigation.add_portcall')} description={t('portcalls.form.add_description')} />;
  if (terminalsQuery.isError) {
    return (
      <Stack gap={0} data-testid="screen-add_portcall">
        {header}
        <Alert color="red" role="alert">
          {errorText(terminalsQuery.error)}
        </Alert>
      </Stack>
    );
  }
  const isWaitingForOwn = ownKind !== null && organisationName !== '' && ownQuery.isPending;
  if (!who || terminalsQuery.isPending || currentQuery.isPending || isWaitingForOwn) {
    return (
      <Stack gap={0} data-testid="screen-add_portcall">
        {header}
        <ContentLoader />
      </Stack>
    );
  }
  // The id comes with the user; the search only supplies the code for the label.
  const organisationId = who.organisationId;
  const found = ownQuery.data?.items.find((o) => o.id === organisationId) ?? null;
  const own = organisationId === null ? null : { id: organisationId, label: found ? organisationLabel(found) : organisationName };
  const terminals = terminalsQuery.data;
  const terminalId = currentQuery.data?.id ?? terminals[0]?.id ?? null;
  const ownLabel = own?.label ?? null;

  return (
    <Stack gap={0} data-testid="screen-add_portcall">
      {header}
      <PortcallForm
        mode="add"
        initialValues={defaultFormValues({ terminalId, vesselOperatorId: ownKind === 'vessel_operators' ? own?.id : null, agentId: ownKind === 'agents' ? own?.id : null })}
        initialLabels={{ vessel: null, operator: ownKind === 'vessel_operators' ? ownLabel : null, agent: ownKind === 'agents' ? ownLabel : null, previous_port: null, next_port: null }}
        initialVesselLength={0}
        initialBase={null}
        terminals={terminals}
        userType={who.userType}
        isOperatorLocked={ownKind === 'vessel_operators' && own !== null}
        isAgentLocked={ownKind === 'agents' && own !== null}
      />
    </Stack>
  );
}

export function EditPortcallScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const id = portcallIdOf(params.get('id'));
  const who = useParty();
  const vesselOption = useVesselOptionLabel();
  const portcallQuery = usePortcall(id);
  const portcall = portcallQuery.data;
  const terminalQuery = useTerminal(portcall?.terminal_id ?? null);
  const terminalsQuery = useLinkedTerminals();

  if (id === null || (isApiError(portcallQuery.error) && portcallQuery.error.httpStatus === 404)) return <PortcallNotFound />;
  const header = <PageHeader title={t('navigation.edit_portcall')} description={portcall ? t('portcalls.form.edit_description', { vessel: portcall.vessel_name }) : undefined} />;
  if (portcallQuery.isError) {
    return (
      <Stack gap={0} data-testid="screen-edit_portcall">
        {header}
        <Alert color="red" role="alert">
          {errorText(portcallQuery.error)}
        </Alert>
      </Stack>
    );
  }
  if (!portcall || !who || terminalQuery.isPending || terminalsQuery.isPending) {
    return (
      <Stack gap={0} data-testid="screen-edit_portcall">
        {header}
        <ContentLoader />
      </Stack>
    );
  }
  const detailsLink = `/${locale}/portcall-planner/details?id=${portcall.id}`;
  if (portcall.status === 'Cancelled') {
    return (
      <Stack gap={0} data-testid="screen-edit_portcall">
        {header}
        <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="portcall-cancelled-notice">
          {t('portcalls.form.cancelled')}{' '}
          <Anchor component={Link} to={detailsLink}>
            {t('portcalls.form.to_details')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  const timeZone = terminalQuery.data?.time_zone ?? DEFAULT_TIMEZONE;
  const known = terminalsQuery.data ?? [];
  const terminals = known.some((option) => option.id === portcall.terminal_id) ? known : [...known, { id: portcall.terminal_id, name: portcall.terminal_name }];

  return (
    <Stack gap={0} data-testid="screen-edit_portcall">
      {header}
      <PortcallForm
        key={portcall.id}
        mode="edit"
        initialValues={formValuesFromPortcall(portcall, timeZone)}
        initialLabels={labelsOfPortcall(portcall, vesselOption)}
        initialVesselLength={portcall.vessel_length_overall}
        initialBase={portcall}
        terminals={terminals}
        userType={who.userType}
        isOperatorLocked={who.userType === 'vessel_operator'}
        isAgentLocked={who.userType === 'agent'}
      />
    </Stack>
  );
}
