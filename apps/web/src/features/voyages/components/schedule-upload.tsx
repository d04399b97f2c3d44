// Upload a schedule file (DCSA OVS JSON or CSV): read in the browser, sent as text; shows the run or the file's problems.
import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Input, List, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFieldError, TSyncRun } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { useUploadSchedule, type TScheduleUploadInput } from '../api/upload-schedule';
import { sourceLabel } from '../utils/labels';
import { ChangeCounts } from './change-counts';

type TFormat = TScheduleUploadInput['format'];
type TUploadSource = NonNullable<TScheduleUploadInput['source']>;
const UPLOAD_SOURCES: TUploadSource[] = ['manual', 'gnet', 'portcast'];

// FileReader rather than Blob.text(): the same path in every browser the app supports and in the test DOM.
const readFileText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

const formatOfName = (name: string): TFormat => (name.toLowerCase().endsWith('.csv') ? 'csv' : 'ovs');

export function ScheduleUpload({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mutation = useUploadSchedule();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<TFormat>('ovs');
  const [source, setSource] = useState<TUploadSource>('manual');
  const [runs, setRuns] = useState<TSyncRun[] | null>(null);
  const [problems, setProblems] = useState<TFieldError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRuns(null);
    setProblems([]);
    setFailure(null);
    let content: string;
    try {
      content = await readFileText(file);
    } catch (error) {
      setFailure(error);
      return;
    }
    mutation.mutate(
      { terminal_id: terminalId, format, source, content },
      {
        onSuccess: setRuns,
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length > 0) setProblems(error.fieldErrors);
          else setFailure(error);
        },
      },
    );
  };

  return (
    <SectionCard id="schedule-upload-title" title={t('voyageCenter.upload.title')} icon={<IconFileUpload size={20} />} testId="schedule-upload">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('voyageCenter.upload.description')}
          </Text>
          <FileInput
            label={t('voyageCenter.upload.file')}
            placeholder={t('voyageCenter.upload.choose_file')}
            accept=".json,.csv,application/json,text/csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              if (next) setFormat(formatOfName(next.name));
            }}
            clearable
            data-testid="schedule-upload-file"
          />
          <Group gap="sm" align="flex-end" wrap="wrap">
            {/* A block of its own: the control is inline-flex and would otherwise sit beside its label. */}
            <Input.Wrapper label={t('voyageCenter.upload.format')}>
              <SegmentedControl
                display="flex"
                value={format}
                onChange={(value) => setFormat(value as TFormat)}
                data={[
                  { value: 'ovs', label: t('voyageCenter.upload.format_ovs') },
                  { value: 'csv', label: t('voyageCenter.upload.format_csv') },
                ]}
                data-testid="schedule-upload-format"
              />
            </Input.Wrapper>
            <Select
              label={t('voyageCenter.upload.source')}
              value={source}
              onChange={(value) => value && setSource(value as TUploadSource)}
              data={UPLOAD_SOURCES.map((value) => ({ value, label: sourceLabel(t, value) }))}
              allowDeselect={false}
              w={180}
              data-testid="schedule-upload-source"
            />
            <Button type="submit" size="sm" disabled={!file} loading={mutation.isPending} data-testid="schedule-upload-submit">
              {t('voyageCenter.upload.submit')}
            </Button>
          </Group>
          {problems.length > 0 && (
            <Alert color="red" variant="light" role="alert" title={t('voyageCenter.upload.problems')} data-testid="schedule-upload-problems">
              <List size="sm">
                {problems.map((problem) => (
                  <List.Item key={`${problem.path}:${problem.message}`} style={{ overflowWrap: 'anywhere' }}>
                    {problem.path ? `${problem.path}: ` : ''}
                    {problem.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {failure !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          {runs?.map((run) => (
            <Alert key={run.id} color={run.outcome === 'failed' ? 'red' : 'teal'} variant="light" data-testid="schedule-upload-result">
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {run.outcome === 'failed' ? t('voyageCenter.providers.run_failed', { error: run.error ?? '' }) : t('voyageCenter.providers.run_done', { count: run.changes.length })}
                </Text>
                <ChangeCounts changes={run.changes} testId="schedule-upload-counts" />
              </Stack>
            </Alert>
          ))}
        </Stack>
      </form>
    </SectionCard>
  );
}
