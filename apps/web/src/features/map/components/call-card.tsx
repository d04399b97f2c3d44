// The card of the selected call: its times, prediction, last AIS position, what the crew reported, the AIS static data and
// the predicted route's ETAs, with a link to the port-call details.
import type { ReactNode } from 'react';
import { Anchor, Badge, CloseButton, Divider, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIME_LABELS, type TAisPortcall, type TPredictedRoute, type TTimeLabel } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import { StatusBadge, TimeLabelBadge } from '@/entities/portcall/portcall-badges';
import { PredictedArrivalBadge, usePredictionTexts } from '@/entities/portcall/predicted-arrival-badge';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useVesselCharacteristics } from '@/entities/vessel/vessel-characteristics';

const asTimeLabel = (label: string | null): TTimeLabel | null => ((TIME_LABELS as readonly string[]).includes(label ?? '') ? (label as TTimeLabel) : null);

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

type TCallCardProps = {
  call: TAisPortcall;
  route: TPredictedRoute | undefined;
  isRouteLoading: boolean;
  timeZone: string;
  onClose: () => void;
};

export function CallCard({ call, route, isRouteLoading, timeZone, onClose }: TCallCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const predictionTexts = usePredictionTexts();
  const characteristics = useVesselCharacteristics(call.vessel_id);
  const when = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale);
  const dash = '–';
  const prediction = call.predicted_berth_arrival;
  const ais = characteristics.data;
  const position = call.position;

  return (
    <Stack gap="sm" data-testid="map-call-card" data-portcall-id={call.portcall_id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} size="h4" data-testid="map-card-vessel">
            {call.vessel_name}
          </Title>
          <Text size="xs" c="dimmed">
            {t('map.card.vessel_meta', { imo: call.imo_number, mmsi: call.mmsi ?? dash })}
          </Text>
        </Stack>
        <CloseButton onClick={onClose} aria-label={t('common.close')} data-testid="map-card-close" />
      </Group>
      <Group gap={6}>
        <StatusBadge status={call.status} />
        <PredictedArrivalBadge prediction={prediction} timeZone={timeZone} testId="map-card-prediction-badge" />
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <Line label={t('portcalls.fields.berth_arrival')} testId="map-card-berth-arrival">
          <Stack gap={2}>
            <span>{when(call.berth_arrival)}</span>
            <TimeLabelBadge label={asTimeLabel(call.berth_arrival_label)} />
          </Stack>
        </Line>
        <Line label={t('map.card.pbp_arrival')} testId="map-card-pbp-arrival">
          {call.pilot_boarding_place_arrival ? `${when(call.pilot_boarding_place_arrival)}${call.pilot_boarding_place_name ? ` · ${call.pilot_boarding_place_name}` : ''}` : dash}
        </Line>
      </SimpleGrid>
      <Line label={t('portcalls.predicted.title')} testId="map-card-predicted">
        {prediction ? (
          <Stack gap={0}>
            <span>
              {when(prediction.predicted_time)} · {predictionTexts.status(prediction)}
            </span>
            <Text size="xs" c="dimmed">
              {predictionTexts.source(prediction)} · {t('map.card.as_of', { time: when(prediction.last_fetched_at) })}
            </Text>
          </Stack>
        ) : (
          t('map.card.no_prediction')
        )}
      </Line>
      <Line label={t('map.card.position')} testId="map-card-position">
        {position ? (
          <Stack gap={0}>
            <span data-testid="map-card-coordinates">
              {formatNumber(position.latitude, locale, 4)}, {formatNumber(position.longitude, locale, 4)}
            </span>
            <Text size="xs" c="dimmed">
              {t('map.card.motion', {
                speed: position.speed_knots === null ? dash : formatNumber(position.speed_knots, locale, 1),
                course: position.course_deg === null ? dash : Math.round(position.course_deg),
                time: when(position.received_at),
              })}
            </Text>
          </Stack>
        ) : (
          t('map.list.no_position')
        )}
      </Line>
      <Divider label={t('map.card.route')} labelPosition="left" />
      {isRouteLoading ? (
        <Loader size="xs" type="dots" aria-label={t('app.loading')} />
      ) : route ? (
        <SimpleGrid cols={2} spacing="xs" data-testid="map-card-route">
          <Line label={t('map.card.eta_pbp')}>{route.eta_pilot_boarding_place ? `${when(route.eta_pilot_boarding_place)}${route.pilot_boarding_place ? ` · ${route.pilot_boarding_place.name}` : ''}` : dash}</Line>
          <Line label={t('map.card.eta_berth')}>{when(route.eta_berth)}</Line>
          <Line label={t('map.card.distance')}>{t('map.card.distance_value', { nm: formatNumber(route.distance_nm, locale, 0), knots: formatNumber(route.speed_knots, locale, 1) })}</Line>
          <Line label={t('map.card.route_from')}>{t(`map.card.origin_${route.origin.kind}`)}</Line>
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('map.card.no_route')}
        </Text>
      )}
      <Divider label={t('map.card.reported')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('map.card.reported_hint')}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <Line label={t('map.card.destination')} testId="map-card-destination">
          {call.reported_destination ?? ais?.destination ?? dash}
        </Line>
        <Line label={t('map.card.reported_eta')}>{when(call.reported_eta ?? ais?.reported_eta ?? null)}</Line>
      </SimpleGrid>
      <Divider label={t('map.card.characteristics')} labelPosition="left" />
      {ais ? (
        <SimpleGrid cols={2} spacing="xs" data-testid="map-card-characteristics">
          <Line label={t('map.card.ais_name')}>{ais.name ?? dash}</Line>
          <Line label={t('map.card.call_sign')}>{ais.call_sign ?? dash}</Line>
          <Line label={t('map.card.ship_type')}>{ais.ship_type_group ? t(`map.ship_type_groups.${ais.ship_type_group}`) : dash}</Line>
          <Line label={t('map.card.dimensions')}>
            {ais.length_m !== null && ais.beam_m !== null ? t('map.card.dimensions_value', { length: formatNumber(ais.length_m, locale, 0), beam: formatNumber(ais.beam_m, locale, 0) }) : dash}
          </Line>
          <Line label={t('map.card.draught')}>{ais.draught_m !== null ? t('map.card.metres', { value: formatNumber(ais.draught_m, locale, 1) }) : dash}</Line>
          {ais.filled_fields.length > 0 && (
            <Line label={t('map.card.filled')}>
              <Group gap={4}>
                {ais.filled_fields.map((f) => (
                  <Badge key={f} size="xs" variant="light" color="gray">
                    {f}
                  </Badge>
                ))}
              </Group>
            </Line>
          )}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {characteristics.isPending ? t('app.loading') : t('map.card.no_characteristics')}
        </Text>
      )}
      <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${call.portcall_id}`} size="sm" data-testid="map-card-details-link">
        <Group gap={4} component="span">
          {t('map.card.open_details')}
          <IconExternalLink size={14} />
        </Group>
      </Anchor>
    </Stack>
  );
}
