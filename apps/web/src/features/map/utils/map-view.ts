// Where the map looks: the terminal's approach when it opens, the selected vessel and its route beside the card, and
// which call's route stays drawn after its card is closed. Pure, so the arithmetic is tested without a browser.
import type { TAisPosition, TPredictedRoute, TTerminalMapGeometry } from '@quayline/domain';

export type TLatLon = readonly [number, number];
export type TBounds = [[number, number], [number, number]];
/** How the selected call's card sits over the map: a panel on the right (desktop), a sheet from the bottom (phone). */
export type TCardLayout = 'side' | 'sheet';
export type TPadding = { topLeft: [number, number]; bottomRight: [number, number] };

/** The desktop card's width and its gap to the map's edge (map-screen places it so). */
export const CARD_PANEL_WIDTH_PX = 360;
export const CARD_PANEL_MARGIN_PX = 12;
/** The phone's card sheet takes this share of the window's height. */
export const CARD_SHEET_FRACTION = 0.5;
const EDGE_PX = 24;

export function boundsOf(points: readonly TLatLon[]): TBounds | null {
  if (points.length === 0) return null;
  let [south, west] = points[0]!;
  let [north, east] = points[0]!;
  for (const [lat, lon] of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  return [
    [south, west],
    [north, east],
  ];
}

/** The terminal and every pilot boarding place it is reached from: for Hamburg, Elbe 1 in the German Bight up the river to the quay. */
export function approachPoints(geometry: Pick<TTerminalMapGeometry, 'centre' | 'pilot_boarding_places'>): TLatLon[] {
  return [geometry.centre, ...geometry.pilot_boarding_places.map((p) => [p.latitude, p.longitude] as const)];
}

/** The vessel where AIS last saw it and every point of its predicted route. */
export function selectionPoints(position: Pick<TAisPosition, 'latitude' | 'longitude'> | null, route: TPredictedRoute | undefined): TLatLon[] {
  const points: TLatLon[] = position ? [[position.latitude, position.longitude]] : [];
  for (const leg of route?.legs ?? []) points.push(...leg.coordinates);
  return points;
}

/**
 * The padding a fit needs so that nothing it frames lies under the card. `map` is the map element's box and
 * `windowHeight` the window's: the side card covers the map's right edge; the sheet covers the window's lower part,
 * of which only what overlaps the map counts. Never more than leaves a third of the map to frame in.
 */
export function cardPadding(layout: TCardLayout, map: { width: number; height: number; bottom: number }, windowHeight: number): TPadding {
  if (layout === 'side') {
    const right = Math.min(CARD_PANEL_WIDTH_PX + CARD_PANEL_MARGIN_PX + EDGE_PX, Math.round((map.width * 2) / 3));
    return { topLeft: [EDGE_PX, EDGE_PX], bottomRight: [right, EDGE_PX] };
  }
  const sheetTop = windowHeight * (1 - CARD_SHEET_FRACTION);
  const covered = Math.max(0, map.bottom - sheetTop);
  const bottom = Math.min(Math.round(covered + EDGE_PX / 2), Math.round((map.height * 2) / 3));
  return { topLeft: [EDGE_PX / 2, EDGE_PX], bottomRight: [EDGE_PX / 2, bottom] };
}

/** Whose route is drawn: a selected call's, and after its card closes still that one's, until another is selected or it is cleared. */
export function keptRouteAfter(kept: number | null, selectedId: number | null): number | null {
  return selectedId ?? kept;
}
