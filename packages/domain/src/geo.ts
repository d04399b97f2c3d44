// Positions on the earth for the map, the sea routes and the AIS geofences: great-circle distances in nautical
// miles, a point at a distance and bearing, and the quay line laid on the map from its origin and bearing so
// quay metres (the berth planner's axis) become latitudes and longitudes.

export type TLatLon = { latitude: number; longitude: number };

const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_NM = 1852;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: TLatLon, b: TLatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceNm(a: TLatLon, b: TLatLon): number {
  return distanceMetres(a, b) / METRES_PER_NM;
}

/** Initial compass bearing from a to b, 0..360 degrees. */
export function bearingDeg(a: TLatLon, b: TLatLon): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x = Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) - Math.sin(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point reached from `from` after `metres` on the initial bearing (great circle). */
export function destinationPoint(from: TLatLon, bearing: number, metres: number): TLatLon {
  const d = metres / EARTH_RADIUS_M;
  const b = rad(bearing);
  const lat1 = rad(from.latitude);
  const lon1 = rad(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: ((deg(lon2) + 540) % 360) - 180 };
}

/** Length of a path of points in nautical miles. */
export function pathLengthNm(points: readonly TLatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceNm(points[i - 1]!, points[i]!);
  return total;
}

/** Ray casting on latitude/longitude; fine for polygons a few kilometres across (a berth, a harbour basin). */
export function isInsidePolygon(point: TLatLon, polygon: readonly TLatLon[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    const crosses = a.latitude > point.latitude !== b.latitude > point.latitude;
    if (crosses && point.longitude < ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) + a.longitude) inside = !inside;
  }
  return inside;
}

export function isInsideCircle(point: TLatLon, centre: TLatLon, radiusMetres: number): boolean {
  return distanceMetres(point, centre) <= radiusMetres;
}

/** A terminal's quay laid on the map: metre 0 at the origin, metres growing along the bearing, water on one side. */
export type TQuayGeoreference = { origin: TLatLon; bearingDeg: number; waterSide: 'left' | 'right' };

/** The point of the quay line at a metre mark. */
export function quayPoint(quay: TQuayGeoreference, metres: number): TLatLon {
  return destinationPoint(quay.origin, quay.bearingDeg, metres);
}

/** The bearing from the quay line towards the water. */
export function waterBearing(quay: TQuayGeoreference): number {
  return (quay.bearingDeg + (quay.waterSide === 'right' ? 90 : 270)) % 360;
}

/** The quay between two metre marks as a line on the map. */
export function quayLine(quay: TQuayGeoreference, startM: number, endM: number): TLatLon[] {
  return [quayPoint(quay, startM), quayPoint(quay, endM)];
}

/**
 * The water area in front of a berth: the quay span, widened by `marginM` at each end, reaching `depthM` out into
 * the water. A vessel moored there has its AIS antenna inside it (a vessel's beam is well under the default depth).
 */
export function berthPolygon(quay: TQuayGeoreference, startM: number, endM: number, depthM = 80, marginM = 30): TLatLon[] {
  const out = waterBearing(quay);
  const a = quayPoint(quay, startM - marginM);
  const b = quayPoint(quay, endM + marginM);
  return [a, b, destinationPoint(b, out, depthM), destinationPoint(a, out, depthM)];
}

/** The middle of a berth span, a little off the quay wall: where the route of a call ends. */
export function berthPoint(quay: TQuayGeoreference, startM: number, endM: number, offM = 25): TLatLon {
  return destinationPoint(quayPoint(quay, (startM + endM) / 2), waterBearing(quay), offM);
}
