// The small form behind one negotiation button: a date and time where the step takes one, a delay reason picked from
// the terminal's own list (code and name), a remark.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, delayReasonLabel, type TNegotiatedTime, type TNegotiationAction, type TNegotiationRequest, type TParty, type TPortcall } from '@quayline/domain';
import { ConflictNotice } from '@/components/ui/conflict-notice';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useDelayReasons } from '@/lib/delay-reasons';
import { withLabel } from '@/lib/record-labels';
import { formatZonedDateTime, fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { useNegotiatePortcall } from '../api/negotiate-portcall';
import { portcallKeys } from '../api/query-keys';
import { actionKey, timeKey, timeLabelKey } from '@/entities/portcall/enum-labels';
import { problemMessageOf } from '../utils/field-problems';
import { actionTakesTime } from '../utils/time-state';
import { useProblemText } from '../hooks/use-problem-text';
import { DateTimeField } from '@/components/date-inputs';

export const REMARK_MAX_LENGTH = 500;

type TNegotiationStepFormProps = {
  portcall: TPortcall;
  time: TNegotiatedTime;
  action: TNegotiationAction;
  party: TParty;
  timeZone: string;
  onDone: () => void;
};

type TStepErrors = { date_time?: string };

export function NegotiationStepForm({ portcall, time, action, party, timeZone, onDone }: TNegotiationStepFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const negotiateMutation = useNegotiatePortcall();
  const takesTime = actionTakesTime(action, party);
  const [dateTime, setDateTime] = useState(() => toZonedInputValue(portcall[time], timeZone));
  const [delayCode, setDelayCode] = useState<string | null>(null);
  const delayReasons = useDelayReasons(portcall.terminal_id);
  // Only the terminal's active reasons are offered; codes that came in from outside show in the chain, not here.
  const delayOptions = (delayReasons.data ?? []).filter((r) => r.is_active).map((r) => ({ value: r.code, label: delayReasonLabel(r.code, [r], locale) }));
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<TStepErrors>({});
  const [conflict, setConflict] = useState<TPortcall | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (negotiateMutation.isPending) return;
    const nextErrors: TStepErrors = {};
    const iso = takesTime ? fromZonedInputValue(dateTime, timeZone) : null;
    if (takesTime && !iso) nextErrors.date_time = dateTime.trim() ? t('portcalls.problems.invalid_time') : t('portcalls.problems.required');
    setErrors(nextErrors);
    if (nextErrors.date_time) return;

    const step: TNegotiationRequest = { time, action, version: portcall.version };
    if (iso) step.date_time = iso;
    if (delayCode) step.delay_reason_code = delayCode;
    if (remark.trim()) step.remark = remark.trim();
    negotiateMutation.mutate(
      { id: portcall.id, step },
      {
        onSuccess: () => {
          notifications.show({
            id: 'negotiation-saved',
            color: 'green',
            withBorder: true,
            autoClose: POPUP_AUTO_CLOSE_MS,
            title: t('portcalls.negotiation.saved_title'),
            message: t('portcalls.negotiation.saved_description', { action: t(actionKey(action)), time: t(timeKey(time)) }),
            ...({ 'data-testid': 'negotiation-saved' } as object),
          });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'CONFLICT' && error.current) {
            setConflict(error.current as TPortcall);
            return;
          }
          const dateProblem = isApiError(error) ? error.fieldErrors.find((e) => e.path === 'date_time' || e.path === time) : undefined;
          if (dateProblem && takesTime) setErrors({ date_time: problemText(problemMessageOf(dateProblem.message)) });
        },
      },
    );
  };

  const loadLatest = () => {
    if (conflict) queryClient.setQueryData(portcallKeys.detail(conflict.id), conflict);
    void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(portcall.id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(portcall.id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(portcall.id) });
    onDone();
  };

  const serverError = negotiateMutation.error && !conflict && !errors.date_time ? negotiateMutation.error : null;
  const isRefused = isApiError(serverError) && serverError.httpStatus === 422;

  if (conflict) {
    const theirs = conflict[`${time}_state`];
    return (
      <ConflictNotice
        testId="negotiation-conflict"
        onLoadLatest={loadLatest}
        rows={[
          {
            field: time,
            label: t(timeKey(time)),
            theirs: theirs.label
              ? withLabel(formatZonedDateTime(conflict[time], timeZone, locale) || t('portcalls.not_set'), t(timeLabelKey(theirs.label)))
              : formatZonedDateTime(conflict[time], timeZone, locale) || t('portcalls.not_set'),
          },
        ]}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" component="form" onSubmit={submit} noValidate aria-label={t(actionKey(action))} data-testid="negotiation-form">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('portcalls.negotiation.form_title', { action: t(actionKey(action)), time: t(timeKey(time)) })}
        </Text>
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="negotiation-error">
            {isRefused ? t('portcalls.negotiation.refused') : errorText(serverError)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: takesTime ? 2 : 1 }} spacing="sm">
          {takesTime && (
            <DateTimeField
              size="sm"
              label={t('portcalls.negotiation.date_time', { zone: timeZone })}
              value={dateTime}
              onChange={(next) => setDateTime(next)}
              error={errors.date_time}
              required
              data-testid="negotiation-date-time"
            />
          )}
          <Select
            size="sm"
            label={t('portcalls.negotiation.delay_code')}
            description={delayOptions.length > 0 || delayReasons.isPending ? t('portcalls.negotiation.delay_code_hint') : t('portcalls.negotiation.delay_code_none')}
            placeholder={t('portcalls.negotiation.delay_code_placeholder')}
            data={delayOptions}
            value={delayCode}
            onChange={setDelayCode}
            searchable
            clearable
            disabled={delayOptions.length === 0}
            nothingFoundMessage={t('portcalls.negotiation.delay_code_nothing_found')}
            comboboxProps={{ withinPortal: true }}
            data-testid="negotiation-delay-code"
          />
        </SimpleGrid>
        <Textarea
          size="sm"
          label={t('portcalls.negotiation.remark')}
          description={t('portcalls.negotiation.remark_count', { count: remark.length, max: REMARK_MAX_LENGTH })}
          value={remark}
          maxLength={REMARK_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={5}
          onChange={(event) => setRemark(event.currentTarget.value)}
          data-testid="negotiation-remark"
        />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" size="sm" onClick={onDone} disabled={negotiateMutation.isPending}>
            {t('portcalls.cancel_edit')}
          </Button>
          <Button type="submit" size="sm" loading={negotiateMutation.isPending} data-testid="negotiation-submit">
            {t('portcalls.negotiation.submit', { action: t(actionKey(action)) })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
