import { describe, expect, it } from 'vitest';
import type { TPredictedRoute } from '@quayline/domain';
import { approachPoints, boundsOf, cardPadding, CARD_PANEL_WIDTH_PX, keptRouteAfter, selectionPoints } from './map-view';

const ROUTE = {
  legs: [
    { kind: 'sea', coordinates: [[54.1, 7.5], [54.017, 8.1]] },
    { kind: 'fairway', coordinates: [[54.017, 8.1], [53.53, 9.93]] },
  ],
} as unknown as TPredictedRoute;

describe('the opening view', () => {
  it('frames the terminal and its pilot boarding places: for Hamburg, from Elbe 1 in the German Bight up to the quay', () => {
    const points = approachPoints({ centre: [53.53, 9.93], pilot_boarding_places: [{ id: 1, name: 'Elbe 1', names: {}, latitude: 54.017, longitude: 8.1, radius_m: 3000 }] });
    expect(boundsOf(points)).toEqual([
      [53.53, 8.1],
      [54.017, 9.93],
    ]);
    expect(boundsOf([])).toBeNull();
  });
});

describe('the selected vessel beside its card', () => {
  it('frames the vessel and every point of its route', () => {
    expect(selectionPoints({ latitude: 54.2, longitude: 7.1 }, ROUTE)).toEqual([[54.2, 7.1], [54.1, 7.5], [54.017, 8.1], [54.017, 8.1], [53.53, 9.93]]);
    expect(selectionPoints(null, undefined)).toEqual([]);
  });

  it('on a desktop keeps the card panel on the right out of the frame', () => {
    const padding = cardPadding('side', { width: 1100, height: 700, bottom: 900 }, 900);
    expect(padding.bottomRight[0]).toBeGreaterThanOrEqual(CARD_PANEL_WIDTH_PX + 12);
    expect(padding.topLeft[0]).toBeLessThan(50);
    // A narrow map keeps a third of its width to frame in.
    expect(cardPadding('side', { width: 500, height: 700, bottom: 900 }, 900).bottomRight[0]).toBe(333);
  });

  it('on a phone frames above the bottom sheet, counting only the part of the sheet over the map', () => {
    // Window 844 high, sheet from 422 down; the map's box ends at 824: 402 px of it are under the sheet.
    const padding = cardPadding('sheet', { width: 360, height: 674, bottom: 824 }, 844);
    expect(padding.bottomRight[1]).toBe(414);
    expect(padding.topLeft[1]).toBeLessThan(50);
    // Never so much that no map is left.
    expect(cardPadding('sheet', { width: 360, height: 300, bottom: 844 }, 844).bottomRight[1]).toBe(200);
  });
});

describe('the kept route', () => {
  it('stays with the last selected call when its card closes, and follows the next selection', () => {
    expect(keptRouteAfter(null, 5)).toBe(5);
    expect(keptRouteAfter(5, null)).toBe(5);
    expect(keptRouteAfter(5, 6)).toBe(6);
    expect(keptRouteAfter(null, null)).toBeNull();
  });
});
