// The map (spec section 2): the user's calls at sea on an offline base layer with the terminal's port area, filters and a
// side list, the selected call's card and predicted route, live AIS positions; a drawer layout on phones.
import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Drawer, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconList, IconRouteOff, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, MOBILE_BREAKPOINT_PX, type TAisPortcall, type TPortcallStatus } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { useCurrentTerminal } from '@/lib/terminals';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useAisPortcalls } from '../api/get-ais-portcalls';
import { useMapGeometry } from '../api/get-map-geometry';
import { usePredictedRoute } from '../api/get-predicted-route';
import { useLiveAis } from '../hooks/use-live-ais';
import { useMapFilters } from '../hooks/use-map-filters';
import { CARD_PANEL_MARGIN_PX, CARD_PANEL_WIDTH_PX, CARD_SHEET_FRACTION, keptRouteAfter, selectionPoints } from '../utils/map-view';
import { AisSettingsDrawer } from './ais-settings-drawer';
import { ApproachLayer, FitPortArea, LandLayer, PortLayer, TileLayer, type TPortLabels } from './base-layers';
import { CallCard } from './call-card';
import { CallList } from './call-list';
import { LeafletMap } from './leaflet-map';
import { MapFilters } from './map-filters';
import { RouteLayer } from './route-layer';
import { LabelCollisions } from './label-collisions';
import { SelectionView } from './selection-view';
import { VesselLayer } from './vessel-layer';

/** German Bight and the Elbe: where the demo vessels come from, until the terminal's geometry says otherwise. */
const FALLBACK_VIEW = { centre: [54.0, 8.6] as [number, number], zoom: 7 };
const NO_TRACK: readonly (readonly [number, number, string])[] = [];
/** The list starts with the vessels still at sea, then those alongside, then the ones gone. */
const LIST_ORDER: Record<TPortcallStatus, number> = { Approaching: 0, 'Arrived at PBP': 1, Berthed: 2, 'Cargo Ops': 3, Departed: 4, Cancelled: 5 };

export function MapScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`) ?? false;
  const { data: user } = useUserDetails();
  const canManageAis = can(user, 'manage_ais_settings');
  const terminalQuery = useCurrentTerminal();
  const terminalId = terminalQuery.data?.id ?? null;
  const timeZone = terminalQuery.data?.time_zone ?? DEFAULT_TIMEZONE;
  const filters = useMapFilters();
  const listFilter = useMemo(() => ({ statuses: filters.statuses.join(','), isWatchedOnly: filters.isMineOnly }), [filters.statuses, filters.isMineOnly]);
  const callsQuery = useAisPortcalls(terminalId, listFilter);
  const geometryQuery = useMapGeometry(terminalId);
  // The route outlives its card: drawn until another call is selected or the user clears it.
  const [keptState, setKeptState] = useState<number | null>(filters.selectedId);
  const keptId = keptRouteAfter(keptState, filters.selectedId);
  if (keptId !== keptState) setKeptState(keptId);
  const routeQuery = usePredictedRoute(keptId);
  const isRouteLoading = routeQuery.isPending && routeQuery.fetchStatus !== 'idle';
  useLiveAis(terminalId);
  const [mapElement, setMapElement] = useState<HTMLDivElement | null>(null);
  const [isListOpen, setListOpen] = useState(false);
  const [isSettingsOpen, setSettingsOpen] = useState(false);

  const allCalls = callsQuery.data?.portcalls;
  const search = filters.search.trim().toLowerCase();
  const calls = useMemo(
    () =>
      (allCalls ?? [])
        .filter((c) => !search || c.vessel_name.toLowerCase().includes(search))
        .sort((a, b) => LIST_ORDER[a.status] - LIST_ORDER[b.status] || Date.parse(a.berth_arrival) - Date.parse(b.berth_arrival)),
    [allCalls, search],
  );
  const selected: (TAisPortcall & { track: (typeof calls)[number]['track'] }) | null = calls.find((c) => c.portcall_id === filters.selectedId) ?? null;
  const routeCall = allCalls?.find((c) => c.portcall_id === keptId) ?? null;
  const selectedPosition = selected?.position ?? null;
  const routeData = keptId !== null ? routeQuery.data : undefined;
  const fitPoints = useMemo(() => selectionPoints(selectedPosition, routeData), [selectedPosition, routeData]);
  const positioned = calls.filter((c) => c.position).length;

  const terminalName = terminalQuery.data?.name ?? null;
  const portLabels = useMemo<TPortLabels>(() => ({ quay: t('map.layers.quay'), pilotBoardingPlace: (name: string) => t('map.layers.pbp', { name }), terminal: terminalName, locale }), [t, terminalName, locale]);
  const etaText = useCallback(
    (label: 'pbp' | 'berth', iso: string) => t(label === 'pbp' ? 'map.route.eta_pbp' : 'map.route.eta_berth', { time: formatZonedDateTime(iso, timeZone, locale) }),
    [t, timeZone, locale],
  );
  const select = (id: number | null) => {
    filters.select(id);
    if (id !== null) setListOpen(false);
  };

  const geometry = geometryQuery.data;

  const listPanel = (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <MapFilters filters={filters} />
      <Text size="xs" c="dimmed" data-testid="map-count">
        {t('map.list.count', { count: calls.length, positioned })}
      </Text>
      <Box style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <CallList calls={calls} selectedId={filters.selectedId} onSelect={(id) => select(id)} timeZone={timeZone} />
      </Box>
    </Stack>
  );
  const card = selected ? <CallCard call={selected} route={routeQuery.data} isRouteLoading={isRouteLoading} timeZone={timeZone} onClose={() => select(null)} /> : null;

  return (
    <Stack gap={0} data-testid="screen-map_view">
      <PageHeader
        title={t('navigation.map')}
        description={isPhone ? undefined : t('map.description', { zone: timeZone })}
        actions={
          <Group gap="xs">
            {isPhone && (
              <Button variant="default" leftSection={<IconList size={16} />} onClick={() => setListOpen(true)} data-testid="map-open-list">
                {t('map.list.open')}
              </Button>
            )}
            {canManageAis && terminalId !== null && (
              <Tooltip label={t('map.settings.title')}>
                <ActionIcon variant="default" size="lg" onClick={() => setSettingsOpen(true)} aria-label={t('map.settings.title')} data-testid="map-open-settings">
                  <IconSettings size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        }
      />
      {callsQuery.isError && (
        <Text role="alert" c="red.7" size="sm" mb="xs">
          {errorText(callsQuery.error)}
        </Text>
      )}
      <Group align="stretch" gap="md" wrap="nowrap" style={{ height: isPhone ? 'calc(100dvh - 170px)' : 'calc(100dvh - 210px)', minHeight: 360 }}>
        {!isPhone && (
          <Paper withBorder radius="md" p="sm" w={300} style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid="map-side-panel">
            {listPanel}
          </Paper>
        )}
        <Paper withBorder radius="md" style={{ flex: 1, position: 'relative', overflow: 'hidden', minWidth: 0 }}>
          <div ref={setMapElement} style={{ position: 'absolute', inset: 0 }} data-testid="map-canvas" data-vessel-count={positioned}>
            <LeafletMap initial={FALLBACK_VIEW} label={t('map.region_label')} testId="leaflet-map">
              {(map) => (
                <>
                  {geometry?.tile_url ? <TileLayer map={map} url={geometry.tile_url} attribution={geometry.tile_attribution} /> : <LandLayer map={map} />}
                  {geometry && <ApproachLayer map={map} geometry={geometry} locale={locale} />}
                  {geometry && <PortLayer map={map} geometry={geometry} labels={portLabels} />}
                  {geometry && <FitPortArea map={map} geometry={geometry} isSelectionShown={filters.selectedId !== null} />}
                  <RouteLayer map={map} route={routeData} track={routeCall?.track ?? NO_TRACK} etaText={etaText} />
                  <VesselLayer map={map} calls={calls} selectedId={keptId} onSelect={(id) => select(id)} readyTarget={mapElement} />
                  <LabelCollisions map={map} />
                  <SelectionView map={map} selectedId={filters.selectedId} points={fitPoints} isReady={!isRouteLoading} layout={isPhone ? 'sheet' : 'side'} fittedTarget={mapElement} />
                </>
              )}
            </LeafletMap>
          </div>
          {callsQuery.isSuccess && positioned === 0 && (
            <Paper shadow="sm" radius="md" p="sm" withBorder style={{ position: 'absolute', left: 56, top: 12, right: 12, zIndex: 500, maxWidth: 420 }} data-testid="map-no-positions">
              <Text size="sm" fw={600}>
                {t('map.empty.title')}
              </Text>
              <Text size="xs" c="dimmed">
                {calls.length ? t('map.empty.no_positions') : t('map.empty.no_calls')}
              </Text>
            </Paper>
          )}
          {keptId !== null && filters.selectedId === null && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRouteOff size={14} />}
              onClick={() => setKeptState(null)}
              style={{ position: 'absolute', right: 12, top: 12, zIndex: 500 }}
              data-testid="map-clear-route"
            >
              {t('map.route.clear', { vessel: routeCall?.vessel_name ?? '' })}
            </Button>
          )}
          {!isPhone && card && (
            <Paper
              shadow="md"
              radius="md"
              p="md"
              withBorder
              style={{ position: 'absolute', top: CARD_PANEL_MARGIN_PX, right: CARD_PANEL_MARGIN_PX, bottom: CARD_PANEL_MARGIN_PX, width: CARD_PANEL_WIDTH_PX, overflow: 'auto', zIndex: 600 }}
              data-testid="map-card-panel"
            >
              {card}
            </Paper>
          )}
        </Paper>
      </Group>
      {isPhone && (
        <>
          <Drawer opened={isListOpen} onClose={() => setListOpen(false)} position="left" size="85%" title={t('map.list.title')} zIndex={1100} data-testid="map-list-drawer">
            {listPanel}
          </Drawer>
          {/* No overlay: the sheet sits beside the map, which stays in sight and in reach above it. */}
          <Drawer
            opened={card !== null}
            onClose={() => select(null)}
            position="bottom"
            size={`${CARD_SHEET_FRACTION * 100}%`}
            withCloseButton={false}
            withOverlay={false}
            trapFocus={false}
            lockScroll={false}
            zIndex={1100}
            data-testid="map-card-drawer"
          >
            {card}
          </Drawer>
        </>
      )}
      {canManageAis && terminalId !== null && <AisSettingsDrawer terminalId={terminalId} isOpen={isSettingsOpen} onClose={() => setSettingsOpen(false)} />}
      <Group gap="xs" mt={6} visibleFrom="sm">
        <IconAdjustments size={14} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          {t('map.legend')}
        </Text>
      </Group>
    </Stack>
  );
}

export default MapScreen;
