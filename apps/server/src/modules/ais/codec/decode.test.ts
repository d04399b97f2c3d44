import { describe, expect, it } from 'vitest';
import { TYPE1_MOORED, TYPE1_UNDER_WAY, TYPE18, TYPE19, TYPE24, TYPE4_BASE_STATION, TYPE5_EVER_DIADEM } from '../fixtures/real-sentences';
import { AisLineDecoder, resolveEta } from './decode';
import { nmeaChecksum, withTagBlock } from './nmea';
import { encodePositionReport, encodeStaticVoyage } from './encode';

const NOW = new Date('2026-03-01T12:00:00Z');

/** A type 1 report from the project's encoder (codec/encode.ts), for values the real samples do not cover. */
function positionSentence(p: { mmsi: string; latitude: number; longitude: number; speedKnots?: number; courseDeg?: number; headingDeg?: number; navStatus?: 0 | 5 }): string {
  return encodePositionReport({ mmsi: p.mmsi, navStatus: p.navStatus ?? 0, sog: p.speedKnots ?? null, cog: p.courseDeg ?? null, heading: p.headingDeg ?? null, lat: p.latitude, lon: p.longitude, second: 0 })[0]!;
}

/** The bits of a sentence's payload (6-bit ASCII armour undone). */
function payloadBits(line: string): string {
  return [...line.split(',')[5]!].map((c) => (c.charCodeAt(0) - 48 - (c.charCodeAt(0) - 48 > 40 ? 8 : 0)).toString(2).padStart(6, '0')).join('');
}

/** The same sentence with its payload cut to `chars` characters and a fresh checksum: truncated, yet well-formed. */
function cutPayload(line: string, chars: number): string {
  const fields = line.slice(1, line.lastIndexOf('*')).split(',');
  fields[5] = fields[5]!.slice(0, chars);
  fields[6] = '0';
  const body = fields.join(',');
  return `!${body}*${nmeaChecksum(body)}`;
}

function decoder(options: { monotonic?: { ms: number } } = {}) {
  const clock = options.monotonic ?? { ms: 0 };
  return new AisLineDecoder({ now: () => NOW, monotonicMs: () => clock.ms, fragmentTimeoutMs: 5000 });
}

describe('AIS decoder on real sentences', () => {
  it('decodes class A position reports (type 1)', () => {
    const sut = decoder();
    for (const sample of [TYPE1_MOORED, TYPE1_UNDER_WAY]) {
      const [message] = sut.decodeLine(sample.line);
      expect(message).toEqual({
        kind: 'position',
        type: 1,
        mmsi: sample.mmsi,
        latitude: sample.latitude,
        longitude: sample.longitude,
        speed_knots: sample.speed_knots,
        course_deg: sample.course_deg,
        heading_deg: sample.heading_deg,
        nav_status: sample.nav_status,
        received_at: NOW,
      });
    }
    expect(sut.stats).toMatchObject({ received: 2, decoded: 2 });
  });

  it('decodes a class B position report (type 18) without a navigational status', () => {
    const [message] = decoder().decodeLine(TYPE18.line);
    expect(message).toMatchObject({ kind: 'position', type: 18, mmsi: TYPE18.mmsi, latitude: TYPE18.latitude, longitude: TYPE18.longitude, speed_knots: 0.1, course_deg: 79.6, heading_deg: null, nav_status: null });
  });

  it('decodes an extended class B report (type 19) into a position and its static data', () => {
    const messages = decoder().decodeLine(TYPE19.line);
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'position', type: 19, mmsi: TYPE19.mmsi, latitude: TYPE19.latitude, longitude: TYPE19.longitude, speed_knots: 8.7, course_deg: 335.9, heading_deg: null }),
      expect.objectContaining({ kind: 'static', type: 19, mmsi: TYPE19.mmsi, name: TYPE19.name, ship_type: 70, length_m: 26, beam_m: 8 }),
    ]);
  });

  it('joins the two fragments of a type 5 and reads IMO, call sign, dimensions, draught, destination and ETA', () => {
    const sut = decoder();
    expect(sut.decodeLine(TYPE5_EVER_DIADEM.lines[0])).toEqual([]);
    const [message] = sut.decodeLine(TYPE5_EVER_DIADEM.lines[1]);
    expect(message).toEqual({
      kind: 'static',
      type: 5,
      mmsi: TYPE5_EVER_DIADEM.mmsi,
      imo_number: TYPE5_EVER_DIADEM.imo_number,
      call_sign: TYPE5_EVER_DIADEM.call_sign,
      name: TYPE5_EVER_DIADEM.name,
      ship_type: 70,
      length_m: 295,
      beam_m: 32,
      draught_m: 12.2,
      destination: 'NEW YORK',
      // 15 May 14:00 with no year, received 1 March 2026: this year's.
      reported_eta: new Date('2026-05-15T14:00:00Z'),
      received_at: NOW,
    });
    expect(sut.stats).toMatchObject({ received: 2, decoded: 1 });
  });

  it('decodes type 24 part A (name) and part B (type, call sign, dimensions) as separate static updates', () => {
    const sut = decoder();
    expect(sut.decodeLine(TYPE24.partA)).toEqual([{ kind: 'static', type: 24, mmsi: TYPE24.mmsi, name: 'PROGUY', received_at: NOW }]);
    expect(sut.decodeLine(TYPE24.partB)).toEqual([{ kind: 'static', type: 24, mmsi: TYPE24.mmsi, call_sign: 'TC6163', ship_type: 60, length_m: 15, beam_m: 5, received_at: NOW }]);
  });

  it('agrees with the bits: re-encoding the decoded moored report gives the same type, MMSI, status, speed, position, course and heading bits', () => {
    const [message] = decoder().decodeLine(TYPE1_MOORED.line);
    const realBits = payloadBits(TYPE1_MOORED.line);
    const encoded = payloadBits(positionSentence({ mmsi: TYPE1_MOORED.mmsi, latitude: TYPE1_MOORED.latitude, longitude: TYPE1_MOORED.longitude, navStatus: 5, speedKnots: 0, courseDeg: 51, headingDeg: 181 }));
    expect(encoded.slice(0, 42)).toBe(realBits.slice(0, 42));
    expect(encoded.slice(50, 60)).toBe(realBits.slice(50, 60));
    // Longitude and latitude are 1/10000 minute; the decoded values are rounded to 6 decimals, so allow one unit.
    expect(Math.abs(parseInt(encoded.slice(61, 89), 2) - parseInt(realBits.slice(61, 89), 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(parseInt(encoded.slice(89, 116), 2) - parseInt(realBits.slice(89, 116), 2))).toBeLessThanOrEqual(1);
    expect(encoded.slice(116, 137)).toBe(realBits.slice(116, 137));
    expect(message).toMatchObject({ mmsi: '477553000', nav_status: 5 });
  });
});

describe('AIS decoder: fragments', () => {
  it('keeps fragment groups apart by sequence id and channel, so interleaved type 5s both decode', () => {
    const sut = decoder();
    const a = encodeStaticVoyage({ mmsi: '211000001', imo: 9_000_001, callSign: 'DAAA', name: 'ALPHA', shipType: 71, dimA: 100, dimB: 20, dimC: 10, dimD: 10, draught: 8, destination: 'DEHAM', eta: { month: 3, day: 2, hour: 6, minute: 30 }, sequenceId: 3, channel: 'A' });
    const b = encodeStaticVoyage({ mmsi: '211000002', imo: 9_000_002, callSign: 'DBBB', name: 'BRAVO', shipType: 80, dimA: 150, dimB: 30, dimC: 15, dimD: 15, draught: 10.5, destination: 'DEBRV', eta: { month: 3, day: 3, hour: 7, minute: 0 }, sequenceId: 3, channel: 'B' });
    const out = [a[0]!, b[0]!, a[1]!, b[1]!].flatMap((line) => sut.decodeLine(line));
    expect(out.map((m) => [m.mmsi, m.kind === 'static' ? m.name : null])).toEqual([
      ['211000001', 'ALPHA'],
      ['211000002', 'BRAVO'],
    ]);
  });

  it('counts a group whose second fragment never comes, once the timeout passes', () => {
    const clock = { ms: 0 };
    const sut = decoder({ monotonic: clock });
    sut.decodeLine(TYPE5_EVER_DIADEM.lines[0]);
    clock.ms = 4000;
    sut.expireFragments();
    expect(sut.stats.skipped.missing_fragment).toBe(0);
    clock.ms = 5001;
    sut.expireFragments();
    expect(sut.stats.skipped.missing_fragment).toBe(1);
    expect(sut.pendingFragmentGroups).toBe(0);
    // The late second part alone is a missing fragment too, not a crash.
    expect(sut.decodeLine(TYPE5_EVER_DIADEM.lines[1])).toEqual([]);
    expect(sut.stats.skipped.missing_fragment).toBe(2);
  });

  it('counts a lost fragment when a new first part of the same group arrives', () => {
    const sut = decoder();
    sut.decodeLine(TYPE5_EVER_DIADEM.lines[0]);
    sut.decodeLine(TYPE5_EVER_DIADEM.lines[0]);
    expect(sut.decodeLine(TYPE5_EVER_DIADEM.lines[1])).toHaveLength(1);
    expect(sut.stats.skipped.missing_fragment).toBe(1);
  });
});

describe('AIS decoder: bad input is counted and skipped', () => {
  it('skips a wrong checksum', () => {
    const sut = decoder();
    expect(sut.decodeLine(TYPE1_MOORED.line.replace('*5C', '*5D'))).toEqual([]);
    expect(sut.stats.skipped.checksum).toBe(1);
  });

  it('accepts a lower-case checksum', () => {
    const line = positionSentence({ mmsi: '211000009', latitude: 54, longitude: 8 });
    const lower = line.slice(0, -2) + line.slice(-2).toLowerCase();
    expect(decoder().decodeLine(lower)).toHaveLength(1);
  });

  it('skips a truncated sentence and a payload too short for its type', () => {
    const sut = decoder();
    expect(sut.decodeLine('!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUb')).toEqual([]);
    const short = cutPayload(positionSentence({ mmsi: '211000009', latitude: 54, longitude: 8 }), 20);
    expect(sut.decodeLine(short)).toEqual([]);
    expect(sut.stats.skipped.truncated).toBe(2);
  });

  it('skips a type it does not use (a base station report)', () => {
    const sut = decoder();
    expect(sut.decodeLine(TYPE4_BASE_STATION)).toEqual([]);
    expect(sut.stats.skipped.unknown_type).toBe(1);
  });

  it('skips "not available" (lat 91, lon 181) and out-of-range coordinates', () => {
    const sut = decoder();
    expect(sut.decodeLine(positionSentence({ mmsi: '211000009', latitude: 91, longitude: 181 }))).toEqual([]);
    expect(sut.decodeLine(positionSentence({ mmsi: '211000009', latitude: 95, longitude: 8 }))).toEqual([]);
    expect(sut.decodeLine(positionSentence({ mmsi: '211000009', latitude: 54, longitude: -190 }))).toEqual([]);
    expect(sut.stats.skipped.bad_coordinates).toBe(3);
  });

  it('skips garbage without throwing and keeps counting', () => {
    const sut = decoder();
    for (const line of ['hello', '!AIVDM,1,1,,A,???,0', '$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47', '!AIVDM,1,1,,A,1~~~,0*00', '\\c:1*00\\']) {
      expect(() => sut.decodeLine(line)).not.toThrow();
    }
    expect(sut.stats.received).toBe(5);
    expect(sut.stats.decoded).toBe(0);
    expect(Object.values(sut.stats.skipped).reduce((a, b) => a + b, 0)).toBe(5);
  });
});

describe('AIS decoder: tag blocks and times', () => {
  it('takes the receive time from a tag block c: in seconds or milliseconds', () => {
    const at = new Date('2026-03-01T11:00:00Z');
    const [seconds] = decoder().decodeLine(withTagBlock(TYPE1_MOORED.line, at));
    expect(seconds?.received_at).toEqual(at);
    const body = `c:${at.getTime()}`;
    const [millis] = decoder().decodeLine(`\\${body}*${nmeaChecksum(body)}\\${TYPE1_MOORED.line}`);
    expect(millis?.received_at).toEqual(at);
  });

  it('ignores a tag-block time more than 60 s in the future, and skips a tag block with a bad checksum', () => {
    const sut = decoder();
    const [future] = sut.decodeLine(withTagBlock(TYPE1_MOORED.line, new Date(NOW.getTime() + 120_000)));
    expect(future?.received_at).toEqual(NOW);
    const [nearFuture] = sut.decodeLine(withTagBlock(TYPE1_MOORED.line, new Date(NOW.getTime() + 30_000)));
    expect(nearFuture?.received_at).toEqual(new Date(NOW.getTime() + 30_000));
    expect(sut.decodeLine(`\\c:1772000000*00\\${TYPE1_MOORED.line}`)).toEqual([]);
    expect(sut.stats.skipped.checksum).toBe(1);
  });

  it('resolves an ETA without a year to its next occurrence after the receive time', () => {
    const received = new Date('2026-12-30T10:00:00Z');
    expect(resolveEta({ month: 1, day: 2, hour: 8, minute: 15 }, received)).toEqual(new Date('2027-01-02T08:15:00Z'));
    expect(resolveEta({ month: 12, day: 31, hour: 23, minute: 0 }, received)).toEqual(new Date('2026-12-31T23:00:00Z'));
    // A few hours stale is still this year's ETA; months ago means next year.
    expect(resolveEta({ month: 12, day: 30, hour: 4, minute: 0 }, received)).toEqual(new Date('2026-12-30T04:00:00Z'));
    expect(resolveEta({ month: 6, day: 1, hour: 0, minute: 0 }, received)).toEqual(new Date('2027-06-01T00:00:00Z'));
    // 29 February waits for a leap year; month 0 / day 0 are "not available"; hour 24 and minute 60 count as 0.
    expect(resolveEta({ month: 2, day: 29, hour: 12, minute: 0 }, received)).toEqual(new Date('2028-02-29T12:00:00Z'));
    expect(resolveEta({ month: null, day: 5, hour: 1, minute: 0 }, received)).toBeNull();
    expect(resolveEta({ month: 1, day: 5, hour: null, minute: null }, received)).toEqual(new Date('2027-01-05T00:00:00Z'));
  });
});
