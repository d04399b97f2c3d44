// A Leaflet map in a React tree: the element it lives in, and its children receive the map once it exists.
import { useRef, type ReactNode } from 'react';
import type { Map as LeafletMapInstance } from 'leaflet';
import { useLeafletMap, type TMapView } from '../hooks/use-leaflet-map';

type TLeafletMapProps = { initial: TMapView; label: string; children: (map: LeafletMapInstance) => ReactNode; testId?: string };

export function LeafletMap({ initial, label, children, testId }: TLeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(container, initial);
  return (
    <>
      <div ref={container} role="region" aria-label={label} data-testid={testId} style={{ position: 'absolute', inset: 0 }} />
      {map && children(map)}
    </>
  );
}
