// Hides the map labels that overlap a more important one, measured as drawn, again whenever the view or the layers change.
import { useEffect } from 'react';
import type { Map as LeafletMapInstance } from 'leaflet';
import { visibleLabelKeys } from '../utils/label-collisions';

/** Any label on the map opts in with `data-label-priority` (LABEL_PRIORITY); a Leaflet tooltip hides as a whole. */
const LABEL_SELECTOR = '[data-label-priority]';

export function LabelCollisions({ map }: { map: LeafletMapInstance }) {
  useEffect(() => {
    const container = map.getContainer();
    let frame = 0;
    const decide = () => {
      frame = 0;
      const origin = container.getBoundingClientRect();
      const elements = [...container.querySelectorAll<HTMLElement>(LABEL_SELECTOR)];
      // Hidden labels keep their layout (visibility, not display), so they are measured and come back when room appears.
      const labels = elements.map((element, key) => {
        const r = element.getBoundingClientRect();
        return { key, priority: Number(element.dataset.labelPriority), box: { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top } };
      });
      const shown = visibleLabelKeys(labels);
      elements.forEach((element, key) => {
        const isShown = shown.has(key);
        const target = element.closest<HTMLElement>('.leaflet-tooltip') ?? element;
        target.style.visibility = isShown ? '' : 'hidden';
        element.dataset.labelHidden = String(!isShown);
      });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(decide);
    };
    const events = 'zoomend moveend resize layeradd layerremove tooltipopen';
    map.on(events, schedule);
    // Layers drawn by other components (clusters, the route's labels) arrive as new elements.
    const observer = new MutationObserver(schedule);
    observer.observe(map.getPanes().mapPane, { childList: true, subtree: true });
    schedule();
    return () => {
      map.off(events, schedule);
      observer.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [map]);
  return null;
}
