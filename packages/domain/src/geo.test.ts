import { describe, expect, it } from 'vitest';
import { bearingDeg, berthPoint, berthPolygon, destinationPoint, distanceNm, isInsideCircle, isInsidePolygon, pathLengthNm, quayPoint, type TQuayGeoreference } from './geo';

const HAMBURG = { latitude: 53.5461, longitude: 9.9661 };
const ROTTERDAM = { latitude: 51.9496, longitude: 4.1453 };

describe('distances and bearings', () => {
  it('measures Rotterdam to Hamburg as the crow flies (about 227 nm)', () => {
    expect(distanceNm(ROTTERDAM, HAMBURG)).toBeGreaterThan(220);
    expect(distanceNm(ROTTERDAM, HAMBURG)).toBeLessThan(235);
  });

  it('one minute of latitude is one nautical mile', () => {
    expect(distanceNm({ latitude: 54, longitude: 8 }, { latitude: 54 + 1 / 60, longitude: 8 })).toBeCloseTo(1, 2);
  });

  it('goes there and comes back: destinationPoint inverts distance and bearing', () => {
    const there = destinationPoint(HAMBURG, 290, 50_000);
    expect(distanceNm(HAMBURG, there) * 1852).toBeCloseTo(50_000, -1);
    expect(bearingDeg(HAMBURG, there)).toBeCloseTo(290, 1);
  });

  it('adds up a path', () => {
    const mid = destinationPoint(HAMBURG, 0, 1852);
    expect(pathLengthNm([HAMBURG, mid, destinationPoint(mid, 0, 1852)])).toBeCloseTo(2, 3);
    expect(pathLengthNm([HAMBURG])).toBe(0);
  });
});

describe('the quay on the map', () => {
  const quay: TQuayGeoreference = { origin: { latitude: 53.5308, longitude: 9.9005 }, bearingDeg: 90, waterSide: 'right' };

  it('lays quay metres along the bearing', () => {
    const at1000 = quayPoint(quay, 1000);
    expect(distanceNm(quay.origin, at1000) * 1852).toBeCloseTo(1000, 0);
    expect(at1000.longitude).toBeGreaterThan(quay.origin.longitude);
  });

  it('puts the berth polygon on the water side and a moored vessel inside it', () => {
    const polygon = berthPolygon(quay, 100, 400);
    const moored = berthPoint(quay, 100, 400);
    expect(isInsidePolygon(moored, polygon)).toBe(true);
    // Bearing 90 with water on the right: the water is south of the quay line.
    expect(moored.latitude).toBeLessThan(quay.origin.latitude);
    expect(isInsidePolygon(destinationPoint(moored, 0, 60), polygon)).toBe(false);
    expect(isInsidePolygon(quayPoint(quay, 700), polygon)).toBe(false);
  });

  it('tells inside a circle from outside', () => {
    expect(isInsideCircle(destinationPoint(HAMBURG, 45, 999), HAMBURG, 1000)).toBe(true);
    expect(isInsideCircle(destinationPoint(HAMBURG, 45, 1001), HAMBURG, 1000)).toBe(false);
  });
});
