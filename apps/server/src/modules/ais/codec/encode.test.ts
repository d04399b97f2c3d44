import { describe, expect, it } from 'vitest';
import { encodePositionReport, encodeStaticB, encodeStaticVoyage } from './encode';
import { nmeaChecksum, withTagBlock } from './nmea';
import { decodeWithReference, splitTagBlock } from './reference-decoder';

function decodeOne(lines: string[]) {
  const { messages, errors } = decodeWithReference(lines);
  expect(errors).toEqual([]);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

describe('AIVDM encoder (judged by ais-stream-decoder)', () => {
  it('encodes a class A position report that decodes to the same values', () => {
    const lines = encodePositionReport({ mmsi: '211234560', navStatus: 0, sog: 14.3, cog: 87.4, heading: 88, lat: 54.01234, lon: 7.98765, second: 42 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^!AIVDM,1,1,,A,[0-9:;<=>?@A-W`a-w]{28},0\*[0-9A-F]{2}$/);
    const m = decodeOne(lines);
    expect(m).toMatchObject({ type: 1, mmsi: 211234560, navStatus: 0, speedOverGround: 14.3, courseOverGround: 87.4, heading: 88, utcSecond: 42 });
    expect(m.lat as number).toBeCloseTo(54.01234, 5);
    expect(m.lon as number).toBeCloseTo(7.98765, 5);
  });

  it('encodes negative coordinates, a moored vessel and values that are not available', () => {
    const m = decodeOne(encodePositionReport({ mmsi: 538001234, type: 3, navStatus: 5, sog: null, cog: null, heading: null, lat: -33.91, lon: -5.4398, second: 0 }));
    expect(m).toMatchObject({ type: 3, navStatus: 5, speedOverGround: null, courseOverGround: null, heading: null });
    expect(m.lat as number).toBeCloseTo(-33.91, 5);
    expect(m.lon as number).toBeCloseTo(-5.4398, 5);
  });

  it('encodes a class B position report (type 18)', () => {
    const m = decodeOne(encodePositionReport({ mmsi: 244670316, type: 18, navStatus: 15, sog: 6.1, cog: 359.9, heading: 0, lat: 53.5428, lon: 9.8786, second: 59 }));
    expect(m).toMatchObject({ type: 18, mmsi: 244670316, speedOverGround: 6.1, courseOverGround: 359.9, heading: 0, utcSecond: 59 });
    expect(m.lat as number).toBeCloseTo(53.5428, 5);
  });

  it('splits static and voyage data (type 5) into two sentences that decode together', () => {
    const lines = encodeStaticVoyage({
      mmsi: 636019825,
      imo: '9811000',
      callSign: 'D5AB7',
      name: 'Nordic Harmony',
      shipType: 71,
      dimA: 300,
      dimB: 66,
      dimC: 25,
      dimD: 26,
      draught: 14.2,
      eta: { month: 11, day: 25, hour: 6, minute: 0 },
      destination: 'DEHAM',
      sequenceId: 7,
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^!AIVDM,2,1,7,A,.{60},0\*/);
    expect(lines[1]).toMatch(/^!AIVDM,2,2,7,A,.{11},2\*/);
    const m = decodeOne(lines);
    expect(m).toMatchObject({
      type: 5,
      mmsi: 636019825,
      imo: 9811000,
      callsign: 'D5AB7',
      name: 'NORDIC HARMONY',
      typeAndCargo: 71,
      dimBow: 300,
      dimStern: 66,
      dimPort: 25,
      dimStarboard: 26,
      etaMonth: 11,
      etaDay: 25,
      etaHour: 6,
      etaMinute: 0,
      draught: 14.2,
      destination: 'DEHAM',
    });
  });

  it('encodes class B static data (type 24 parts A and B)', () => {
    const { messages, errors } = decodeWithReference(encodeStaticB({ mmsi: 211000111, name: 'Elbe Pilot 3', shipType: 50, callSign: 'DA1234', dimA: 12, dimB: 8, dimC: 3, dimD: 3 }));
    expect(errors).toEqual([]);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ type: 24, partNum: 0, name: 'ELBE PILOT 3' });
    expect(messages[1]).toMatchObject({ type: 24, partNum: 1, typeAndCargo: 50, callsign: 'DA1234', dimBow: 12, dimStern: 8, dimPort: 3, dimStarboard: 3 });
  });

  it('prefixes a tag block with the receive time and its own checksum', () => {
    const [line] = encodePositionReport({ mmsi: 211234560, navStatus: 0, sog: 10, cog: 10, heading: 10, lat: 54, lon: 8, second: 1 });
    const tagged = withTagBlock(line!, new Date(1_764_000_000_000));
    expect(tagged).toBe(`\\c:1764000000*${nmeaChecksum('c:1764000000')}\\${line}`);
    expect(splitTagBlock(tagged)).toEqual({ unixSeconds: 1_764_000_000, sentence: line });
    decodeOne([tagged]);
  });

  it('is refused by the decoder when a character is altered (the checksum is real)', () => {
    const [line] = encodePositionReport({ mmsi: 211234560, navStatus: 0, sog: 10, cog: 10, heading: 10, lat: 54, lon: 8, second: 1 });
    const altered = line!.replace(',A,1', ',A,2');
    expect(altered).not.toBe(line);
    expect(decodeWithReference([altered]).errors).toHaveLength(1);
  });
});
