// Brings the selected vessel and its predicted route into view beside its card, once per selection, when the route is
// known (or known to be missing): a second move a moment later would pull the map from under the user's eyes.
import { useEffect, useRef } from 'react';
import type { Map as LeafletMapInstance } from 'leaflet';
import { L } from '../utils/leaflet';
import { boundsOf, cardPadding, type TCardLayout, type TLatLon } from '../utils/map-view';

type TSelectionViewProps = {
  map: LeafletMapInstance;
  selectedId: number | null;
  points: readonly TLatLon[];
  isReady: boolean;
  layout: TCardLayout;
  /** Told the framed call once the map has come to rest on it (data-fitted-call, for stories that must wait on it). */
  fittedTarget: HTMLElement | null;
};

export function SelectionView({ map, selectedId, points, isReady, layout, fittedTarget }: TSelectionViewProps) {
  const fitted = useRef<number | null>(null);
  useEffect(() => {
    if (selectedId === null) {
      fitted.current = null;
      return;
    }
    if (!isReady || fitted.current === selectedId) return;
    const bounds = boundsOf(points);
    if (!bounds) return;
    fitted.current = selectedId;
    const element = map.getContainer().getBoundingClientRect();
    const padding = cardPadding(layout, { width: element.width, height: element.height, bottom: element.bottom }, window.innerHeight);
    const announce = () => fittedTarget?.setAttribute('data-fitted-call', String(selectedId));
    fittedTarget?.removeAttribute('data-fitted-call');
    map.once('moveend', announce);
    map.fitBounds(L.latLngBounds(bounds), { paddingTopLeft: padding.topLeft, paddingBottomRight: padding.bottomRight, maxZoom: 12, animate: true });
  }, [map, selectedId, points, isReady, layout, fittedTarget]);
  return null;
}
