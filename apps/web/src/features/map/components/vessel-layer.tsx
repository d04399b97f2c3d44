// The vessels of the calls as rotated ship icons in a marker-cluster group; positions update in place, never rebuilt.
import { useEffect, useRef } from 'react';
import type { Map as LeafletMapInstance, Marker, MarkerCluster, MarkerClusterGroup } from 'leaflet';
import type { TAisPortcall } from '@quayline/domain';
import { L } from '../utils/leaflet-cluster';
import { PREDICTION_COLOURS, predictionLevelOf, worstPredictionLevel, type TPredictionLevel } from '../utils/prediction-rank';
import { markerRotation, SHIP_ICON_SIZE, shipIconHtml } from '../utils/ship-icon';

type TVesselLayerProps = {
  map: LeafletMapInstance;
  calls: readonly TAisPortcall[];
  /** The vessel whose card is open or whose route is still drawn: marked, and kept out of clusters. */
  selectedId: number | null;
  onSelect: (portcallId: number) => void;
  /** The element that tells how many markers are placed (data-markers-ready), for tests and the bench. */
  readyTarget: HTMLElement | null;
};

/** `isOnMap`: the highlighted vessel sits on the map itself, never in a cluster, so its route never starts at a bubble. */
type TShown = { marker: Marker; key: string; level: TPredictionLevel; lat: number; lon: number; isOnMap: boolean };

const iconKey = (call: TAisPortcall, isSelected: boolean) =>
  `${call.status}|${predictionLevelOf(call.predicted_berth_arrival)}|${call.position ? markerRotation(call.position) : 0}|${isSelected ? 1 : 0}|${call.vessel_name}`;

function iconOf(call: TAisPortcall, isSelected: boolean) {
  return L.divIcon({
    className: 'quayline-ship-icon',
    html: shipIconHtml({
      status: call.status,
      level: predictionLevelOf(call.predicted_berth_arrival),
      rotation: call.position ? markerRotation(call.position) : 0,
      isSelected,
      label: call.vessel_name,
    }),
    iconSize: [SHIP_ICON_SIZE, SHIP_ICON_SIZE],
    iconAnchor: [SHIP_ICON_SIZE / 2, SHIP_ICON_SIZE / 2],
  });
}

/** The cluster bubble in the colour of the worst prediction among its vessels. */
function clusterIcon(cluster: MarkerCluster) {
  const levels = cluster.getAllChildMarkers().map((m) => (m.options as { level?: TPredictionLevel }).level ?? 'none');
  const colour = PREDICTION_COLOURS[worstPredictionLevel(levels)];
  const count = cluster.getChildCount();
  const size = count < 10 ? 30 : count < 100 ? 36 : 44;
  return L.divIcon({
    className: 'quayline-vessel-cluster',
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;background:${colour};opacity:.9;border:3px solid rgba(255,255,255,.85);color:#fff;font:600 12px/1 sans-serif;display:flex;align-items:center;justify-content:center;box-shadow:0 1px 4px rgba(0,0,0,.35)">${count}</div>`,
    iconSize: [size, size],
  });
}

export function VesselLayer({ map, calls, selectedId, onSelect, readyTarget }: TVesselLayerProps) {
  const groupRef = useRef<MarkerClusterGroup | null>(null);
  const shownRef = useRef(new Map<number, TShown>());
  const onSelectRef = useRef(onSelect);
  const readyRef = useRef(readyTarget);
  useEffect(() => {
    onSelectRef.current = onSelect;
    readyRef.current = readyTarget;
  });
  const markReady = () => readyRef.current?.setAttribute('data-markers-ready', String(shownRef.current.size));

  useEffect(() => {
    const group = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      disableClusteringAtZoom: 10,
      iconCreateFunction: clusterIcon,
      // Big batches are added in slices between frames; the last slice says all markers are placed.
      chunkProgress: (processed: number, total: number) => {
        if (processed >= total) markReady();
      },
    });
    group.addTo(map);
    groupRef.current = group;
    const shown = shownRef.current;
    return () => {
      for (const entry of shown.values()) if (entry.isOnMap) entry.marker.remove();
      group.remove();
      groupRef.current = null;
      shown.clear();
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const shown = shownRef.current;
    const toAdd: Marker[] = [];
    const toRemove: Marker[] = [];
    const seen = new Set<number>();
    for (const call of calls) {
      if (!call.position) continue;
      seen.add(call.portcall_id);
      const isSelected = call.portcall_id === selectedId;
      const key = iconKey(call, isSelected);
      const level = predictionLevelOf(call.predicted_berth_arrival);
      const { latitude: lat, longitude: lon } = call.position;
      const known = shown.get(call.portcall_id);
      if (!known) {
        const marker = L.marker([lat, lon], { icon: iconOf(call, isSelected), title: call.vessel_name, alt: call.vessel_name, keyboard: true, zIndexOffset: isSelected ? 1000 : 0 });
        (marker.options as { level?: TPredictionLevel }).level = level;
        marker.on('click', () => onSelectRef.current(call.portcall_id));
        shown.set(call.portcall_id, { marker, key, level, lat, lon, isOnMap: isSelected });
        if (isSelected) marker.addTo(map);
        else toAdd.push(marker);
        continue;
      }
      if (known.isOnMap !== isSelected) {
        if (isSelected) {
          // Out of the group first: removing it from the group later would take it off the map as well.
          group.removeLayer(known.marker);
          known.marker.setLatLng([lat, lon]).addTo(map);
        } else {
          known.marker.remove();
          known.marker.setLatLng([lat, lon]);
          toAdd.push(known.marker);
        }
        (known.marker.options as { level?: TPredictionLevel }).level = level;
        known.isOnMap = isSelected;
        known.lat = lat;
        known.lon = lon;
        known.level = level;
      }
      const hasMoved = known.lat !== lat || known.lon !== lon;
      const hasNewLevel = known.level !== level;
      if (known.key !== key) {
        known.marker.setIcon(iconOf(call, isSelected));
        known.marker.setZIndexOffset(isSelected ? 1000 : 0);
        known.key = key;
      }
      if (known.isOnMap) {
        if (hasMoved) known.marker.setLatLng([lat, lon]);
        (known.marker.options as { level?: TPredictionLevel }).level = level;
        known.lat = lat;
        known.lon = lon;
        known.level = level;
      } else if (hasMoved || hasNewLevel) {
        // The cluster a marker belongs to is decided when it is added: a moved marker is taken out and put back.
        toRemove.push(known.marker);
        known.marker.setLatLng([lat, lon]);
        (known.marker.options as { level?: TPredictionLevel }).level = level;
        toAdd.push(known.marker);
        known.lat = lat;
        known.lon = lon;
        known.level = level;
      }
    }
    for (const [id, entry] of shown) {
      if (seen.has(id)) continue;
      if (entry.isOnMap) entry.marker.remove();
      else toRemove.push(entry.marker);
      shown.delete(id);
    }
    if (toRemove.length) group.removeLayers(toRemove);
    if (toAdd.length) group.addLayers(toAdd);
    else markReady();
  }, [map, calls, selectedId]);

  return null;
}
