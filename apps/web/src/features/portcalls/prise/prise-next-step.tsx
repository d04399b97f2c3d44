// After the port authority's answer: what to change before sending again (a rejection) or what to do with a granted
// window (a partial approval), each with a link to the field where it is entered.
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconBulb } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPriseNotice } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { editCallPath } from './prise-labels';

/** Answer codes of the port authority that name the draft against the channel's limit. */
const DRAFT_CODES = new Set(['DRAFT_EXCEEDS_CHANNEL_LIMIT']);

type TStep = { key: 'draft' | 'tide' | 'ntc' | 'window' | 'other'; focus: string; link: 'draft_link' | 'tide_link' | 'ntc_link' | null };

export function priseNextSteps(notice: Pick<TPriseNotice, 'port_authority_status' | 'prise_code' | 'accepted_window'>): TStep[] {
  if (notice.port_authority_status === 'approved' && notice.accepted_window) return [{ key: 'window', focus: 'field-pilot-arrival', link: 'tide_link' }];
  if (notice.port_authority_status !== 'rejected') return [];
  if (notice.prise_code && DRAFT_CODES.has(notice.prise_code)) {
    return [
      { key: 'draft', focus: 'field-draft-inbound', link: 'draft_link' },
      { key: 'tide', focus: 'field-pilot-arrival', link: 'tide_link' },
      { key: 'ntc', focus: 'field-comment', link: 'ntc_link' },
    ];
  }
  return [{ key: 'other', focus: 'field-draft-inbound', link: null }];
}

export function PriseNextStep({ notice, canEditCall }: { notice: TPriseNotice; canEditCall: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const steps = priseNextSteps(notice);
  if (steps.length === 0) return null;
  const isWindow = steps[0]!.key === 'window';
  return (
    <Alert color={isWindow ? 'blue' : 'orange'} variant="light" radius="md" icon={<IconBulb size={20} />} title={t(isWindow ? 'portcalls.prise.next.window_title' : 'portcalls.prise.next.title')} data-testid="prise-next-step">
      <Stack gap={6}>
        <List size="sm" spacing={6}>
          {steps.map((step) => (
            <List.Item key={step.key} data-testid="prise-next-step-item" data-step={step.key}>
              <Text size="sm" span>
                {t(`portcalls.prise.next.${step.key}`)}
              </Text>
              {canEditCall && (
                <>
                  {' '}
                  <Anchor component={Link} to={editCallPath(locale, notice.portcall_id, step.focus)} size="sm" fw={600} data-testid={`prise-next-link-${step.key}`}>
                    {t(step.link ? `portcalls.prise.next.${step.link}` : 'portcalls.prise.edit_call')} <IconArrowRight size={12} style={{ verticalAlign: -1 }} />
                  </Anchor>
                </>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
