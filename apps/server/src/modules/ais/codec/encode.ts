// Typed AIS messages -> NMEA 0183 AIVDM lines, for the demo recording and for tests: bit packing, the 6-bit ASCII
// armouring of the payload, fill bits, checksums, the two-sentence split of type 5 (tag blocks: nmea.ts).
import { nmeaChecksum } from './nmea';

export type TAisNavStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;

export type TPositionReport = {
  mmsi: string | number;
  /** 1, 2, 3: class A position report; 18: class B. */
  type?: 1 | 2 | 3 | 18;
  navStatus: TAisNavStatus;
  /** Knots; null: not available. */
  sog: number | null;
  /** Degrees; null: not available. */
  cog: number | null;
  /** Degrees; null: not available. */
  heading: number | null;
  lat: number;
  lon: number;
  /** UTC second of the fix, 0-59. */
  second: number;
  channel?: 'A' | 'B';
};

export type TStaticVoyage = {
  mmsi: string | number;
  imo: string | number;
  callSign: string;
  name: string;
  shipType: number;
  /** Metres from the antenna to bow, stern, port and starboard. */
  dimA: number;
  dimB: number;
  dimC: number;
  dimD: number;
  /** Metres. */
  draught: number;
  /** The crew's ETA (UTC); 0 in a field means not available. */
  eta: { month: number; day: number; hour: number; minute: number };
  destination: string;
  /** 0-9; the sentences of one message share it. Given by callers that need the output to be reproducible. */
  sequenceId?: number;
  channel?: 'A' | 'B';
};

export type TStaticB = {
  mmsi: string | number;
  name: string;
  shipType: number;
  callSign: string;
  dimA: number;
  dimB: number;
  dimC: number;
  dimD: number;
  vendorId?: string;
  channel?: 'A' | 'B';
};

/** The payload characters of one sentence at most; 60 keeps a sentence within NMEA's 82 characters. */
const MAX_PAYLOAD_CHARS = 60;

class BitWriter {
  private readonly bits: number[] = [];

  uint(value: number, width: number): this {
    const v = Math.max(0, Math.min(2 ** width - 1, Math.round(value)));
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(v / 2 ** i) % 2);
    return this;
  }

  int(value: number, width: number): this {
    const v = Math.round(value);
    return this.uint(v < 0 ? 2 ** width + v : v, width);
  }

  text(value: string, chars: number): this {
    const normalised = value.toUpperCase().slice(0, chars).padEnd(chars, '@');
    for (const ch of normalised) {
      const code = ch.charCodeAt(0);
      // 6-bit ASCII covers '@'..'_' (0-31) and ' '..'?' (32-63); anything else becomes a space.
      const sixBit = code >= 64 && code <= 95 ? code - 64 : code >= 32 && code <= 63 ? code : 32;
      this.uint(sixBit, 6);
    }
    return this;
  }

  /** The armoured payload and the number of fill bits that pad it to whole characters. */
  armour(): { payload: string; fillBits: number } {
    const fillBits = (6 - (this.bits.length % 6)) % 6;
    const bits = [...this.bits, ...Array<number>(fillBits).fill(0)];
    let payload = '';
    for (let i = 0; i < bits.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = v * 2 + bits[i + j]!;
      payload += String.fromCharCode(v < 40 ? v + 48 : v + 56);
    }
    return { payload, fillBits };
  }
}


let nextSequenceId = 0;

function sentences(writer: BitWriter, channel: 'A' | 'B', sequenceId?: number): string[] {
  const { payload, fillBits } = writer.armour();
  const parts: string[] = [];
  for (let i = 0; i < payload.length; i += MAX_PAYLOAD_CHARS) parts.push(payload.slice(i, i + MAX_PAYLOAD_CHARS));
  const seq = parts.length > 1 ? String(sequenceId ?? (nextSequenceId = (nextSequenceId + 1) % 10)) : '';
  return parts.map((part, i) => {
    const body = `AIVDM,${parts.length},${i + 1},${seq},${channel},${part},${i === parts.length - 1 ? fillBits : 0}`;
    return `!${body}*${nmeaChecksum(body)}`;
  });
}

const mmsiOf = (mmsi: string | number) => Number(mmsi);

/** A position report: class A (types 1-3, 168 bits) or class B (type 18). */
export function encodePositionReport(report: TPositionReport): string[] {
  const type = report.type ?? 1;
  const w = new BitWriter().uint(type, 6).uint(0, 2).uint(mmsiOf(report.mmsi), 30);
  const sog = report.sog === null ? 1023 : Math.min(1022, report.sog * 10);
  const cog = report.cog === null ? 3600 : Math.round(report.cog * 10) % 3600;
  const heading = report.heading === null ? 511 : Math.round(report.heading) % 360;
  if (type === 18) {
    w.uint(0, 8).uint(sog, 10).uint(1, 1).int(report.lon * 600_000, 28).int(report.lat * 600_000, 27).uint(cog, 12).uint(heading, 9);
    // regional 2, CS unit 1 (carrier sense), display 0, DSC 1, band 1, message 22 1, assigned 0, RAIM 0, radio 20.
    w.uint(report.second, 6).uint(0, 2).uint(1, 1).uint(0, 1).uint(1, 1).uint(1, 1).uint(1, 1).uint(0, 1).uint(0, 1).uint(0, 20);
  } else {
    // Rate of turn -128: not available.
    w.uint(report.navStatus, 4).int(-128, 8).uint(sog, 10).uint(1, 1).int(report.lon * 600_000, 28).int(report.lat * 600_000, 27).uint(cog, 12).uint(heading, 9);
    w.uint(report.second, 6).uint(0, 2).uint(0, 3).uint(0, 1).uint(0, 19);
  }
  return sentences(w, report.channel ?? (type === 18 ? 'B' : 'A'));
}

/** Static and voyage related data (type 5, 424 bits): two sentences sharing a sequence id. */
export function encodeStaticVoyage(data: TStaticVoyage): string[] {
  const w = new BitWriter().uint(5, 6).uint(0, 2).uint(mmsiOf(data.mmsi), 30).uint(0, 2).uint(Number(data.imo), 30);
  w.text(data.callSign, 7).text(data.name, 20).uint(data.shipType, 8);
  w.uint(data.dimA, 9).uint(data.dimB, 9).uint(data.dimC, 6).uint(data.dimD, 6).uint(1, 4);
  w.uint(data.eta.month, 4).uint(data.eta.day, 5).uint(data.eta.hour, 5).uint(data.eta.minute, 6);
  w.uint(data.draught * 10, 8).text(data.destination, 20).uint(0, 1).uint(0, 1);
  return sentences(w, data.channel ?? 'A', data.sequenceId);
}

/** Class B static data (type 24): part A (name) and part B (type, call sign, dimensions), one sentence each. */
export function encodeStaticB(data: TStaticB): string[] {
  const channel = data.channel ?? 'B';
  const partA = new BitWriter().uint(24, 6).uint(0, 2).uint(mmsiOf(data.mmsi), 30).uint(0, 2).text(data.name, 20);
  const partB = new BitWriter().uint(24, 6).uint(0, 2).uint(mmsiOf(data.mmsi), 30).uint(1, 2).uint(data.shipType, 8);
  partB.text(data.vendorId ?? 'QLN', 3).uint(0, 4).uint(0, 20).text(data.callSign, 7);
  partB.uint(data.dimA, 9).uint(data.dimB, 9).uint(data.dimC, 6).uint(data.dimD, 6).uint(0, 4).uint(0, 2);
  return [...sentences(partA, channel), ...sentences(partB, channel)];
}

