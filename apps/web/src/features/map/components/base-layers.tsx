// The offline base layer (Natural Earth land on the sea colour) or the install's tile server, the approach's fairways and
// place names, and the terminal's port area with its pilot stations named.
import { useEffect, useRef } from 'react';
import type { Map as LeafletMapInstance } from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-50m.json?url';
import { localizedName, type TLocale, type TTerminalMapGeometry } from '@quayline/domain';
import { L } from '../utils/leaflet';
import { approachPoints, boundsOf } from '../utils/map-view';
import { LABEL_PRIORITY, type TLabelPriority } from '../utils/label-collisions';

export const LAND_ATTRIBUTION = 'Land: <a href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">Natural Earth</a> (public domain)';

/** Land polygons of Natural Earth 1:50m, loaded once per tab as a static asset (not part of any script bundle). */
let landPromise: Promise<GeoJSON.FeatureCollection | GeoJSON.Feature> | null = null;
function loadLand(): Promise<GeoJSON.FeatureCollection | GeoJSON.Feature> {
  landPromise ??= fetch(landUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`land ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.land))
    .catch((error: unknown) => {
      landPromise = null;
      throw error;
    });
  return landPromise;
}

export function LandLayer({ map }: { map: LeafletMapInstance }) {
  useEffect(() => {
    let layer: L.GeoJSON | null = null;
    let isCancelled = false;
    loadLand()
      .then((land) => {
        if (isCancelled) return;
        layer = L.geoJSON(land, { interactive: false, attribution: LAND_ATTRIBUTION, style: { color: '#b9b29a', weight: 0.6, fillColor: '#efeadb', fillOpacity: 1 } });
        layer.addTo(map);
        layer.bringToBack();
      })
      // Without land the sea colour and the port area still show where things are; nothing to tell the user.
      .catch((error: unknown) => console.warn('land layer not loaded', error));
    return () => {
      isCancelled = true;
      layer?.remove();
    };
  }, [map]);
  return null;
}

export function TileLayer({ map, url, attribution }: { map: LeafletMapInstance; url: string; attribution: string | null }) {
  useEffect(() => {
    const layer = L.tileLayer(url, { attribution: attribution ?? '', maxZoom: 18 }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, url, attribution]);
  return null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A name written on the map (no box, a white halo to read it on land and sea alike); never takes a click. */
function textLabel(lat: number, lon: number, text: string, style: { colour: string; weight: number; size: number; testId: string; priority: TLabelPriority }) {
  return L.marker([lat, lon], {
    interactive: false,
    keyboard: false,
    icon: L.divIcon({
      className: 'quayline-map-label',
      html: `<span data-testid="${style.testId}" data-label-priority="${style.priority}" style="position:absolute;left:6px;top:-8px;white-space:nowrap;font:${style.weight} ${style.size}px/1.2 sans-serif;color:${style.colour};text-shadow:0 0 3px #fff,0 0 3px #fff,0 0 2px #fff">${escapeHtml(text)}</span>`,
      iconSize: [0, 0],
    }),
  });
}

/** The fairways near the approach and the names of the places along it, from the terminal's map geometry. */
export function ApproachLayer({ map, geometry, locale }: { map: LeafletMapInstance; geometry: TTerminalMapGeometry; locale: TLocale }) {
  useEffect(() => {
    const group = L.layerGroup();
    for (const line of geometry.fairways) L.polyline(line, { color: '#5c7cfa', weight: 2, opacity: 0.55, dashArray: '2 5', interactive: false }).addTo(group);
    for (const place of geometry.places) {
      L.circleMarker([place.latitude, place.longitude], { radius: 2.5, color: '#495057', weight: 1, fillColor: '#495057', fillOpacity: 1, interactive: false }).addTo(group);
      textLabel(place.latitude, place.longitude, localizedName(place, locale), { colour: '#343a40', weight: 500, size: 12, testId: 'map-place-label', priority: LABEL_PRIORITY.town }).addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, geometry, locale]);
  return null;
}

export type TPortLabels = { quay: string; pilotBoardingPlace: (name: string) => string; terminal: string | null; locale: TLocale };

/** Quay line, berth polygons and pilot boarding place geofences of the terminal. */
export function PortLayer({ map, geometry, labels }: { map: LeafletMapInstance; geometry: TTerminalMapGeometry; labels: TPortLabels }) {
  // Kept stable by the caller (memoised), so the port area is drawn once per geometry and language.
  const { quay: quayLabel, pilotBoardingPlace: pbpLabel, terminal: terminalName, locale } = labels;
  useEffect(() => {
    const group = L.layerGroup();
    for (const berth of geometry.berths) {
      L.polygon(berth.polygon, { color: '#1c7ed6', weight: 1, fillColor: '#74c0fc', fillOpacity: 0.35 }).bindTooltip(berth.name).addTo(group);
    }
    if (geometry.quay) L.polyline(geometry.quay, { color: '#0b2545', weight: 4 }).bindTooltip(quayLabel).addTo(group);
    if (geometry.quay && terminalName) textLabel(geometry.centre[0], geometry.centre[1], terminalName, { colour: '#0b2545', weight: 700, size: 13, testId: 'map-terminal-label', priority: LABEL_PRIORITY.terminal }).addTo(group);
    for (const pbp of geometry.pilot_boarding_places) {
      const name = localizedName(pbp, locale);
      L.circle([pbp.latitude, pbp.longitude], { radius: pbp.radius_m, color: '#5f3dc4', weight: 1.5, dashArray: '4 4', fillOpacity: 0.08 }).bindTooltip(pbpLabel(name)).addTo(group);
      textLabel(pbp.latitude, pbp.longitude, name, { colour: '#5f3dc4', weight: 700, size: 12, testId: 'map-pbp-label', priority: LABEL_PRIORITY.pilotStation }).addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, geometry, quayLabel, pbpLabel, terminalName, locale]);
  return null;
}

/**
 * Open on the terminal's approach: the terminal and its pilot boarding places (for Hamburg, the German Bight at Elbe 1
 * up the river to the quay), once per terminal. Vessels far out at sea are in the list; framing them too would
 * shrink the approach to a few pixels. Not when a call is already selected: its own view wins.
 */
export function FitPortArea({ map, geometry, isSelectionShown }: { map: LeafletMapInstance; geometry: TTerminalMapGeometry; isSelectionShown: boolean }) {
  const terminalId = geometry.terminal_id;
  const skip = useRef(isSelectionShown);
  skip.current = isSelectionShown;
  useEffect(() => {
    if (skip.current) return;
    const bounds = boundsOf(approachPoints(geometry));
    if (!bounds || geometry.pilot_boarding_places.length === 0) map.setView(geometry.centre, 12);
    else map.fitBounds(L.latLngBounds(bounds).pad(0.08), { maxZoom: 12, animate: false });
    // Only a new terminal moves the view; later data must not undo the user's panning.
  }, [map, terminalId]);
  return null;
}
