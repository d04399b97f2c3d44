// The predicted route of the selected call (sea leg solid, fairway dashed, ETAs at the pilot boarding place and the berth)
// and the faint trail of where the vessel has been.
import { useEffect } from 'react';
import type { Map as LeafletMapInstance } from 'leaflet';
import type { TPredictedRoute } from '@quayline/domain';
import { L } from '../utils/leaflet';
import { LABEL_PRIORITY } from '../utils/label-collisions';

type TRouteLayerProps = {
  map: LeafletMapInstance;
  route: TPredictedRoute | undefined;
  track: readonly (readonly [number, number, string])[];
  etaText: (label: 'pbp' | 'berth', iso: string) => string;
};

export function RouteLayer({ map, route, track, etaText }: TRouteLayerProps) {
  useEffect(() => {
    if (track.length < 2) return undefined;
    const trail = L.polyline(
      track.map(([lat, lon]) => [lat, lon] as [number, number]),
      { color: '#0b2545', weight: 2, opacity: 0.35, interactive: false },
    ).addTo(map);
    return () => {
      trail.remove();
    };
  }, [map, track]);

  useEffect(() => {
    if (!route) return undefined;
    const group = L.layerGroup();
    for (const leg of route.legs) {
      L.polyline(leg.coordinates, { color: '#1864ab', weight: 3, opacity: 0.85, dashArray: leg.kind === 'fairway' ? '6 6' : undefined, interactive: false }).addTo(group);
    }
    // The berth's label opens to the left: the berth is the route's inland end, and to its right lies the card or the screen's edge.
    const pin = (lat: number, lon: number, text: string, testId: string, side: 'left' | 'right') =>
      L.circleMarker([lat, lon], { radius: 6, color: '#ffffff', weight: 2, fillColor: '#1864ab', fillOpacity: 1 })
        .bindTooltip(`<span data-testid="${testId}" data-label-priority="${LABEL_PRIORITY.selectedVessel}">${text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</span>`, { permanent: true, direction: side, offset: [side === 'right' ? 8 : -8, 0] })
        .addTo(group);
    if (route.pilot_boarding_place && route.eta_pilot_boarding_place) pin(route.pilot_boarding_place.latitude, route.pilot_boarding_place.longitude, etaText('pbp', route.eta_pilot_boarding_place), 'route-eta-pbp', 'right');
    pin(route.berth.latitude, route.berth.longitude, etaText('berth', route.eta_berth), 'route-eta-berth', 'left');
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, route, etaText]);
  return null;
}
