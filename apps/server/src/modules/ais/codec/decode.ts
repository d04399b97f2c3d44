// NMEA 0183 AIVDM/AIVDO lines -> typed AIS messages. The payload bits are decoded by ais-stream-decoder (MIT); this
// wrapper adds what a live feed needs around it: NMEA 4.0 tag blocks, checksums in either case, fragment groups keyed
// by sequence id and channel with a timeout, length checks before decoding, type 19 (which the library lacks, read
// with the library's own bit field), "not available" values as null, and a count of every line it skips and why.
import { createRequire } from 'node:module';
import type AisBitFieldClass from 'ais-stream-decoder/dist/ais-bitfield';
import type AisMessage123Class from 'ais-stream-decoder/dist/messages/ais-message-123';
import type AisMessage18Class from 'ais-stream-decoder/dist/messages/ais-message-18';
import type AisMessage24Class from 'ais-stream-decoder/dist/messages/ais-message-24';
import type AisMessage5Class from 'ais-stream-decoder/dist/messages/ais-message-5';
import { nmeaChecksum } from './nmea';

// The library ships CommonJS with `exports.default`; require keeps that shape the same under tsx, vitest and node.
const require = createRequire(import.meta.url);
const AisBitField = (require('ais-stream-decoder/dist/ais-bitfield') as { default: typeof AisBitFieldClass }).default;
const AisMessage123 = (require('ais-stream-decoder/dist/messages/ais-message-123') as { default: typeof AisMessage123Class }).default;
const AisMessage18 = (require('ais-stream-decoder/dist/messages/ais-message-18') as { default: typeof AisMessage18Class }).default;
const AisMessage5 = (require('ais-stream-decoder/dist/messages/ais-message-5') as { default: typeof AisMessage5Class }).default;
const AisMessage24 = (require('ais-stream-decoder/dist/messages/ais-message-24') as { default: typeof AisMessage24Class }).default;
type TBitField = InstanceType<typeof AisBitFieldClass>;

export const AIS_SKIP_REASONS = ['malformed', 'checksum', 'truncated', 'unknown_type', 'missing_fragment', 'bad_coordinates'] as const;
export type TAisSkipReason = (typeof AIS_SKIP_REASONS)[number];

export type TAisDecoderStats = { received: number; decoded: number; skipped: Record<TAisSkipReason, number> };

export function createDecoderStats(): TAisDecoderStats {
  return { received: 0, decoded: 0, skipped: Object.fromEntries(AIS_SKIP_REASONS.map((r) => [r, 0])) as Record<TAisSkipReason, number> };
}

/** A position report (types 1, 2, 3, 18, 19). Type 19 also carries static data, reported beside it. */
export type TAisPositionMessage = {
  kind: 'position';
  type: 1 | 2 | 3 | 18 | 19;
  mmsi: string;
  latitude: number;
  longitude: number;
  speed_knots: number | null;
  course_deg: number | null;
  heading_deg: number | null;
  /** Class A navigational status (0 under way using engine ... 15 not defined); null for class B. */
  nav_status: number | null;
  received_at: Date;
};

/**
 * Static and voyage data (type 5, type 24 part A or B, the static half of type 19). A field that is absent
 * (undefined) was not in this message; null means the message said "not available".
 */
export type TAisStaticMessage = {
  kind: 'static';
  type: 5 | 19 | 24;
  mmsi: string;
  imo_number?: string | null;
  call_sign?: string | null;
  name?: string | null;
  ship_type?: number | null;
  length_m?: number | null;
  beam_m?: number | null;
  draught_m?: number | null;
  destination?: string | null;
  reported_eta?: Date | null;
  received_at: Date;
};

export type TAisMessage = TAisPositionMessage | TAisStaticMessage;

export type TAisDecoderOptions = {
  /** The receive time of a line without a usable tag-block time (business clock). */
  now: () => Date;
  /** Wall-clock milliseconds for fragment timeouts (a transport matter, so not the business clock). */
  monotonicMs?: () => number;
  /** An incomplete fragment group older than this is dropped and counted as missing_fragment. */
  fragmentTimeoutMs?: number;
};

type TFragmentGroup = { parts: (string | undefined)[]; fillBits: number; firstAtMs: number; receivedAt: Date };

// Minimum payload bits per type: the last field the decoder reads must be there, or the values are garbage.
const MIN_BITS: Record<number, number> = { 1: 168, 2: 168, 3: 168, 5: 420, 18: 168, 19: 312 };
const MAX_FRAGMENT_GROUPS = 1000;
const TAG_BLOCK_FUTURE_LIMIT_MS = 60_000;
const PAYLOAD_CHARS = /^[0-9:;<=>?@A-W`a-w]*$/;

export class AisLineDecoder {
  readonly stats: TAisDecoderStats = createDecoderStats();
  private readonly groups = new Map<string, TFragmentGroup>();
  private readonly now: () => Date;
  private readonly monotonicMs: () => number;
  private readonly fragmentTimeoutMs: number;

  constructor(options: TAisDecoderOptions) {
    this.now = options.now;
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
    this.fragmentTimeoutMs = options.fragmentTimeoutMs ?? 5000;
  }

  /**
   * Decodes one line. `receivedAt` (a replay's schedule) wins over the tag block's time, which wins over now.
   * Returns the messages the line completed (none for a first fragment or a skipped line); never throws.
   */
  decodeLine(rawLine: string, receivedAt?: Date): TAisMessage[] {
    const line = rawLine.trim();
    if (line.length === 0) return [];
    this.stats.received++;
    try {
      return this.decodeTrimmed(line, receivedAt);
    } catch {
      // The library reads bits without checks; anything it throws on is a malformed line, never a crash.
      return this.skip('malformed');
    }
  }

  /** Drops fragment groups that waited too long for their other parts. Call it now and then (the ingest does). */
  expireFragments(): void {
    const limit = this.monotonicMs() - this.fragmentTimeoutMs;
    for (const [key, group] of this.groups) {
      if (group.firstAtMs <= limit) {
        this.groups.delete(key);
        this.stats.skipped.missing_fragment++;
      }
    }
  }

  get pendingFragmentGroups(): number {
    return this.groups.size;
  }

  private skip(reason: TAisSkipReason): [] {
    this.stats.skipped[reason]++;
    return [];
  }

  private decodeTrimmed(line: string, scheduledAt: Date | undefined): TAisMessage[] {
    let sentence = line;
    let tagTime: Date | null = null;
    if (sentence.startsWith('\\')) {
      const end = sentence.indexOf('\\', 1);
      if (end < 0) return this.skip('malformed');
      const tag = parseTagBlock(sentence.slice(1, end));
      if (tag === 'checksum') return this.skip('checksum');
      if (tag === 'malformed') return this.skip('malformed');
      tagTime = tag.time;
      sentence = sentence.slice(end + 1);
    }
    if (!/^!(AI|AB|AN|AR|AS|AX|BS|SA)VD[MO],/.test(sentence)) return this.skip('malformed');
    const star = sentence.lastIndexOf('*');
    if (star < 0 || star + 3 > sentence.length) return this.skip('truncated');
    if (!checksumMatches(sentence.slice(1, star), sentence.slice(star + 1, star + 3))) return this.skip('checksum');
    const fields = sentence.slice(1, star).split(',');
    if (fields.length !== 7) return this.skip('malformed');
    const [, totalText, numberText, sequenceId, channel, payload, fillText] = fields as [string, string, string, string, string, string, string];
    const total = Number(totalText);
    const partNumber = Number(numberText);
    const fillBits = Number(fillText);
    if (!Number.isInteger(total) || !Number.isInteger(partNumber) || total < 1 || total > 9 || partNumber < 1 || partNumber > total) return this.skip('malformed');
    if (!Number.isInteger(fillBits) || fillBits < 0 || fillBits > 5 || !PAYLOAD_CHARS.test(payload)) return this.skip('malformed');
    const receivedAt = scheduledAt ?? this.resolveTagTime(tagTime);

    if (total === 1) return this.decodePayload(payload, fillBits, receivedAt);

    this.expireFragments();
    const key = `${sequenceId}|${channel}|${total}`;
    let group = this.groups.get(key);
    if (partNumber === 1) {
      // A new first part while an older group waits: the older one lost a fragment.
      if (group) this.stats.skipped.missing_fragment++;
      if (!group && this.groups.size >= MAX_FRAGMENT_GROUPS) this.dropOldestGroup();
      group = { parts: new Array<string | undefined>(total), fillBits: 0, firstAtMs: this.monotonicMs(), receivedAt };
      this.groups.set(key, group);
    } else if (!group || group.parts[partNumber - 1] !== undefined || group.parts[partNumber - 2] === undefined) {
      // A later part without its predecessors (the first one never came, or came out of order).
      if (group) this.groups.delete(key);
      return this.skip('missing_fragment');
    }
    group.parts[partNumber - 1] = payload;
    if (partNumber < total) return [];
    group.fillBits = fillBits;
    this.groups.delete(key);
    return this.decodePayload(group.parts.join(''), group.fillBits, group.receivedAt);
  }

  private dropOldestGroup(): void {
    const oldest = this.groups.keys().next();
    if (!oldest.done) {
      this.groups.delete(oldest.value);
      this.stats.skipped.missing_fragment++;
    }
  }

  private resolveTagTime(tagTime: Date | null): Date {
    const now = this.now();
    if (tagTime && tagTime.getTime() <= now.getTime() + TAG_BLOCK_FUTURE_LIMIT_MS) return tagTime;
    return now;
  }

  private decodePayload(payload: string, fillBits: number, receivedAt: Date): TAisMessage[] {
    if (payload.length === 0) return this.skip('truncated');
    const bitField = new AisBitField(payload);
    const bits = payload.length * 6 - fillBits;
    const type = bitField.getInt(0, 6);
    if (![1, 2, 3, 5, 18, 19, 24].includes(type)) return this.skip('unknown_type');
    const minBits = type === 24 ? (bitField.getInt(38, 2) === 0 ? 160 : 162) : MIN_BITS[type]!;
    if (bits < minBits) return this.skip('truncated');
    const messages = this.messagesOf(type, bitField, receivedAt);
    if (messages === 'bad_coordinates') return this.skip('bad_coordinates');
    if (messages.length === 0) return this.skip('unknown_type');
    this.stats.decoded++;
    return messages;
  }

  private messagesOf(type: number, bitField: TBitField, receivedAt: Date): TAisMessage[] | 'bad_coordinates' {
    switch (type) {
      case 1:
      case 2:
      case 3: {
        const m = new AisMessage123(type, '', bitField);
        const position = positionOf({ type, mmsi: m.mmsi, lat: m.lat, lon: m.lon, sog: m.speedOverGround, cog: m.courseOverGround, heading: m.heading, navStatus: m.navStatus, receivedAt });
        return position ? [position] : 'bad_coordinates';
      }
      case 18: {
        const m = new AisMessage18(type, '', bitField);
        const position = positionOf({ type, mmsi: m.mmsi, lat: m.lat, lon: m.lon, sog: m.speedOverGround, cog: m.courseOverGround, heading: m.heading, navStatus: null, receivedAt });
        return position ? [position] : 'bad_coordinates';
      }
      case 19:
        return decodeType19(bitField, receivedAt);
      case 5: {
        const m = new AisMessage5(type, '', bitField);
        const dims = dimensionsOf(m.dimBow, m.dimStern, m.dimPort, m.dimStarboard);
        return [
          {
            kind: 'static',
            type: 5,
            mmsi: mmsiText(m.mmsi),
            imo_number: m.imo > 0 && m.imo <= 9_999_999 ? String(m.imo).padStart(7, '0') : null,
            call_sign: textOrNull(m.callsign),
            name: textOrNull(m.name),
            ship_type: m.typeAndCargo > 0 ? m.typeAndCargo : null,
            length_m: dims.length_m,
            beam_m: dims.beam_m,
            draught_m: m.draught > 0 ? m.draught : null,
            destination: textOrNull(m.destination),
            reported_eta: resolveEta({ month: m.etaMonth, day: m.etaDay, hour: m.etaHour, minute: m.etaMinute }, receivedAt),
            received_at: receivedAt,
          },
        ];
      }
      case 24: {
        const m = new AisMessage24(type, '', bitField);
        if (m.partNum === 0) return [{ kind: 'static', type: 24, mmsi: mmsiText(m.mmsi), name: textOrNull(m.name ?? ''), received_at: receivedAt }];
        const isAuxiliary = m.mothershipMMSI !== undefined;
        const dims = isAuxiliary ? { length_m: null, beam_m: null } : dimensionsOf(m.dimBow ?? 0, m.dimStern ?? 0, m.dimPort ?? 0, m.dimStarboard ?? 0);
        return [
          {
            kind: 'static',
            type: 24,
            mmsi: mmsiText(m.mmsi),
            call_sign: textOrNull(m.callsign ?? ''),
            ship_type: m.typeAndCargo ? m.typeAndCargo : null,
            length_m: dims.length_m,
            beam_m: dims.beam_m,
            received_at: receivedAt,
          },
        ];
      }
      default:
        return [];
    }
  }
}

/** Type 19, extended class B position report (ITU-R M.1371-5 table 51), read with the library's bit field and formats. */
function decodeType19(bitField: TBitField, receivedAt: Date): TAisMessage[] | 'bad_coordinates' {
  const mmsi = bitField.getInt(8, 30);
  const sog = bitField.getInt(46, 10);
  const lon = bitField.getSignedInt(57, 28) / 600_000;
  const lat = bitField.getSignedInt(85, 27) / 600_000;
  const cog = bitField.getInt(112, 12);
  const heading = bitField.getInt(124, 9);
  const position = positionOf({
    type: 19,
    mmsi,
    lat: lat === 91 ? null : lat,
    lon: lon === 181 ? null : lon,
    sog: sog === 1023 ? null : sog / 10,
    cog: cog === 3600 ? null : cog / 10,
    heading: heading === 511 ? null : heading,
    navStatus: null,
    receivedAt,
  });
  if (!position) return 'bad_coordinates';
  const shipType = bitField.getInt(263, 8);
  const dims = dimensionsOf(bitField.getInt(271, 9), bitField.getInt(280, 9), bitField.getInt(289, 6), bitField.getInt(295, 6));
  return [
    position,
    { kind: 'static', type: 19, mmsi: position.mmsi, name: textOrNull(bitField.getString(143, 120)), ship_type: shipType > 0 ? shipType : null, length_m: dims.length_m, beam_m: dims.beam_m, received_at: receivedAt },
  ];
}

function positionOf(p: {
  type: TAisPositionMessage['type'];
  mmsi: number;
  lat: number | null;
  lon: number | null;
  sog: number | null;
  cog: number | null;
  heading: number | null;
  navStatus: number | null;
  receivedAt: Date;
}): TAisPositionMessage | null {
  const { lat, lon } = p;
  // 91/181 is "not available"; anything outside the globe, or exactly 0/0 (a receiver without a fix), is nonsense.
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) return null;
  const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  return {
    kind: 'position',
    type: p.type,
    mmsi: mmsiText(p.mmsi),
    latitude: round(lat, 6),
    longitude: round(lon, 6),
    speed_knots: p.sog === null || p.sog > 102.2 ? null : round(p.sog, 1),
    course_deg: p.cog === null || p.cog >= 360 ? null : round(p.cog, 1),
    heading_deg: p.heading === null || p.heading > 359 ? null : p.heading,
    nav_status: p.navStatus,
    received_at: p.receivedAt,
  };
}

function mmsiText(mmsi: number): string {
  return String(mmsi).padStart(9, '0');
}

function textOrNull(text: string): string | null {
  const trimmed = text.replace(/@+$/, '').trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** Length is bow + stern, beam port + starboard (the reference point may sit on an edge, so one half may be 0); 0 in total is "not available". */
function dimensionsOf(bow: number, stern: number, port: number, starboard: number): { length_m: number | null; beam_m: number | null } {
  return { length_m: bow + stern > 0 ? bow + stern : null, beam_m: port + starboard > 0 ? port + starboard : null };
}


function checksumMatches(body: string, given: string): boolean {
  return /^[0-9A-Fa-f]{2}$/.test(given) && nmeaChecksum(body) === given.toUpperCase();
}

/** An NMEA 4.0 tag block (`c:1700000000,s:station*hh`); `c:` is unix seconds, or milliseconds when it exceeds 1e12. */
function parseTagBlock(block: string): { time: Date | null } | 'checksum' | 'malformed' {
  const star = block.lastIndexOf('*');
  if (star < 0) return 'malformed';
  if (!checksumMatches(block.slice(0, star), block.slice(star + 1))) return 'checksum';
  let time: Date | null = null;
  for (const field of block.slice(0, star).split(',')) {
    if (!field.startsWith('c:')) continue;
    const value = Number(field.slice(2));
    if (Number.isFinite(value) && value > 0) time = new Date(value > 1e12 ? value : value * 1000);
  }
  return { time };
}

/**
 * The ETA of type 5 has no year: the next occurrence at or after the receive time. A time up to a day before it
 * still counts as this year's (a crew that has not updated the ETA after a short delay does not mean next year).
 */
export function resolveEta(eta: { month: number | null; day: number | null; hour: number | null; minute: number | null }, receivedAt: Date): Date | null {
  const { month, day } = eta;
  if (month === null || day === null) return null;
  const hour = eta.hour ?? 0;
  const minute = eta.minute ?? 0;
  const graceMs = 86_400_000;
  const startYear = receivedAt.getUTCFullYear();
  for (let year = startYear; year <= startYear + 4; year++) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour, minute));
    // 31 April or 29 February in a common year rolls over into the next month: no such date this year.
    if (candidate.getUTCMonth() !== month - 1) continue;
    if (candidate.getTime() >= receivedAt.getTime() - graceMs) return candidate;
  }
  return null;
}

/** The receive time a line's tag block names (c:), or null when it has none or the tag block is broken. */
export function tagBlockTime(line: string): Date | null {
  if (!line.startsWith('\\')) return null;
  const end = line.indexOf('\\', 1);
  if (end < 0) return null;
  const tag = parseTagBlock(line.slice(1, end));
  return typeof tag === 'object' ? tag.time : null;
}

