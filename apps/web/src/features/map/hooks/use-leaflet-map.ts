// The one Leaflet map of a container: created once on mount, removed on unmount; layers are added by the callers' effects.
import { useEffect, useState, type RefObject } from 'react';
import { L } from '../utils/leaflet';

export type TMapView = { centre: [number, number]; zoom: number };

/** Background of the offline base layer: the sea, under the land polygons. */
export const SEA_COLOUR = '#cfe3f2';

export function useLeafletMap(container: RefObject<HTMLDivElement | null>, initial: TMapView): L.Map | null {
  const [map, setMap] = useState<L.Map | null>(null);
  // The initial view only matters at creation; later views are set by whoever moves the map.
  const [first] = useState(initial);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // A fixed zoom range: the offline base layer has no tiles to take it from, and clustering needs a maximum.
    const created = L.map(element, { center: first.centre, zoom: first.zoom, zoomControl: true, attributionControl: true, minZoom: 3, maxZoom: 17, worldCopyJump: false });
    created.attributionControl.setPrefix(false);
    element.style.background = SEA_COLOUR;
    setMap(created);
    // The container takes its size from the layout after the map exists (and again on rotation or a resized window);
    // Leaflet has to be told, or it draws for the old size around the wrong centre.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize({ pan: false }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      created.remove();
      setMap(null);
    };
  }, [container, first]);
  return map;
}
