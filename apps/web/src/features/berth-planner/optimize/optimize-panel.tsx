// The Optimize panel of the berth planner: run the optimizer over the window shown, compare its proposal with the
// current plan, then keep all of it, keep the checked moves only, or discard it. The proposal is already in the
// user's sandbox draft when it is shown; publishing stays the planner's normal draft publish.
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Group, NumberInput, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPTIMIZE_DEFAULT_SECONDS, OPTIMIZE_MAX_SECONDS, type TOptimizeResult } from '@quayline/domain';
import { isApiError } from '@/lib/api-client';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { ProposalFigures } from './proposal-figures';
import { ProposalMoves } from './proposal-moves';
import { useElapsed } from './use-elapsed';
import { useOptimizeActions } from './use-optimize';

export type TOptimizePanelProps = { terminalId: number; windowStart: string; windowEnd: string; opened: boolean; onClose: () => void; onApplied: () => void };

export function OptimizePanel({ terminalId, windowStart, windowEnd, opened, onClose, onApplied }: TOptimizePanelProps) {
  const { t } = useTranslation();
  const { zoneOf } = useTerminalTimeZones();
  const { run, acceptSelected, discard } = useOptimizeActions(terminalId);
  const [seconds, setSeconds] = useState<number>(OPTIMIZE_DEFAULT_SECONDS);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const elapsed = useElapsed(run.isPending);
  const result: TOptimizeResult | undefined = run.data;
  const isBusy = run.isPending || acceptSelected.isPending || discard.isPending;

  // A new proposal starts with every move kept.
  useEffect(() => setKept(new Set(result?.moves.map((m) => m.portcall_id) ?? [])), [result]);
  // Each opening starts from a clean panel; a proposal left open stays in the draft like "Accept all".
  useEffect(() => {
    if (!opened) {
      run.reset();
      acceptSelected.reset();
      discard.reset();
    }
    // Only the opening matters here; the mutation objects are new on every render.
  }, [opened]);

  const toggle = (id: number) =>
    setKept((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const errorText = (error: unknown) => (isApiError(error) && error.code === 'CONFLICT' ? t('optimizer.stale') : t('optimizer.failed', { message: error instanceof Error ? error.message : String(error) }));
  const error = run.error ?? acceptSelected.error ?? discard.error;

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={t('optimizer.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack data-testid="optimize-panel" gap="md">
        <Text size="sm">{t('optimizer.intro')}</Text>
        <Group align="flex-end">
          <NumberInput
            data-testid="optimize-seconds"
            label={t('optimizer.seconds')}
            min={1}
            max={OPTIMIZE_MAX_SECONDS}
            clampBehavior="strict"
            allowDecimal={false}
            value={seconds}
            onChange={(v) => setSeconds(typeof v === 'number' ? v : Number(v) || OPTIMIZE_DEFAULT_SECONDS)}
            disabled={isBusy || result !== undefined}
            w={200}
          />
          <Button data-testid="optimize-run" onClick={() => run.mutate({ seconds, windowStart, windowEnd })} loading={run.isPending} disabled={isBusy || result !== undefined}>
            {t('optimizer.run')}
          </Button>
        </Group>
        {run.isPending && (
          <Stack gap={4}>
            <Progress data-testid="optimize-progress" value={Math.min(100, (elapsed / (seconds * 1000)) * 100)} animated aria-label={t('optimizer.running')} />
            <Text size="xs" c="dimmed">
              {t('optimizer.running')}
            </Text>
          </Stack>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        {result && (
          <>
            <ProposalFigures before={result.figures.before} after={result.figures.after} />
            {result.unplaced.length > 0 && <Text size="sm">{t('optimizer.unplaced', { count: result.unplaced.length })}</Text>}
            <Title order={4}>{t('optimizer.moves.title')}</Title>
            <ProposalMoves moves={result.moves} kept={kept} timeZone={zoneOf(terminalId)} disabled={isBusy} onToggle={toggle} />
            <Group justify="flex-end">
              <Button data-testid="optimize-discard" variant="default" disabled={isBusy} loading={discard.isPending} onClick={() => discard.mutate(result, { onSuccess: onClose })}>
                {t('optimizer.discard')}
              </Button>
              <Button data-testid="optimize-accept-selected" variant="light" disabled={isBusy || result.moves.length === 0} loading={acceptSelected.isPending} onClick={() => acceptSelected.mutate({ result, keep: kept }, { onSuccess: onApplied })}>
                {t('optimizer.accept_selected', { count: kept.size })}
              </Button>
              <Button data-testid="optimize-accept-all" disabled={isBusy} onClick={onApplied}>
                {t('optimizer.accept_all')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
