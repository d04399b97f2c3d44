// The one way JSON goes into the database: storedJson(kind, value) parses the value with its kind's schema
// (STORED_JSON in @quayline/domain) and only then turns it into the text a json column takes. The columns of
// db/schema.ts accept nothing else (StoredJson is a branded string), so a writer with the wrong shape fails here, at
// the write, in its test; readers parse row by row with readStoredJson and show a row that does not parse as such.
import { REALTIME_EVENT_PAYLOADS, STORED_JSON, type TStoredJsonInput, type TStoredJsonKind, type TStoredJsonValue, isRealtimeEventName } from '@quayline/domain';
import type { z } from 'zod';

declare const storedJsonKind: unique symbol;
/** JSON text that passed its kind's schema: the only value a stored-JSON column takes. */
export type StoredJson<K extends TStoredJsonKind> = string & { readonly [storedJsonKind]: K };

/** A value refused on its way into the database: the writer built the wrong shape. */
export class StoredJsonError extends Error {
  constructor(
    readonly kind: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`${kind}: refused to store ${issues.map((i) => `${i.path.join('.') || '(value)'} ${i.message}`).join('; ')}`);
    this.name = 'StoredJsonError';
  }
}

function parseForStorage<K extends TStoredJsonKind>(kind: K, value: unknown): TStoredJsonValue<K> {
  const result = STORED_JSON[kind].schema.safeParse(value);
  if (!result.success) throw new StoredJsonError(kind, result.error.issues);
  return result.data as TStoredJsonValue<K>;
}

/** The JSON text of `value` for a column of `kind`, once it parsed with the kind's schema (what is stored is the parsed value). */
export function storedJson<K extends TStoredJsonKind>(kind: K, value: TStoredJsonInput<K>): StoredJson<K> {
  return JSON.stringify(parseForStorage(kind, value)) as StoredJson<K>;
}

/** storedJson for a nullable column: null stays SQL null. */
export function storedJsonOrNull<K extends TStoredJsonKind>(kind: K, value: TStoredJsonInput<K> | null | undefined): StoredJson<K> | null {
  return value === null || value === undefined ? null : storedJson(kind, value);
}

/** The data of a background job, parsed like a stored column (pg-boss keeps it as JSON in its own table). */
export function jobData<K extends TStoredJsonKind & `job_${string}`>(kind: K, value: TStoredJsonInput<K>): TStoredJsonValue<K> {
  return parseForStorage(kind, value);
}

/** A realtime event's payload: the event's own schema when the product publishes it (REALTIME_EVENT_PAYLOADS), then the kind's. */
export function storedRealtimePayload(event: string, payload: unknown): StoredJson<'realtime_payload'> {
  if (!isRealtimeEventName(event)) return storedJson('realtime_payload', payload as TStoredJsonInput<'realtime_payload'>);
  const result = REALTIME_EVENT_PAYLOADS[event].safeParse(payload);
  if (!result.success) throw new StoredJsonError(`realtime_payload ${event}`, result.error.issues);
  return storedJson('realtime_payload', result.data as TStoredJsonInput<'realtime_payload'>);
}

export type TReadResult<K extends TStoredJsonKind> = { ok: true; value: TStoredJsonValue<K> } | { ok: false; problem: string };

/** A stored value read back through its kind's schema; a value that does not parse says why instead of throwing. */
export function readStoredJson<K extends TStoredJsonKind>(kind: K, stored: unknown): TReadResult<K> {
  const result = STORED_JSON[kind].schema.safeParse(stored);
  if (result.success) return { ok: true, value: result.data as TStoredJsonValue<K> };
  return { ok: false, problem: result.error.issues.map((i) => `${i.path.join('.') || '(value)'}: ${i.message}`).join('; ') };
}

/** Where a reader reports a row it cannot read (a request's logger, or the app's). */
export type TStoredJsonLog = { error(obj: object, msg: string): void };

function logUnreadable(log: TStoredJsonLog, kind: TStoredJsonKind, id: number | string, problem: string): void {
  log.error({ kind, id, problem }, `stored ${kind} of row ${id} could not be read`);
}

/** A stored value (of a kind that is never JSON null) read through its schema; one that does not parse is logged at error level with its row's id, and is null. */
export function readLogged<K extends TStoredJsonKind>(kind: K, stored: unknown, row: { id: number | string; log: TStoredJsonLog }): TStoredJsonValue<K> | null {
  const read = readStoredJson(kind, stored);
  if (read.ok) return read.value;
  logUnreadable(row.log, kind, row.id, read.problem);
  return null;
}

/**
 * A list's rows with their stored JSON read one by one: a row whose value does not parse is logged at error level
 * (kind, id and why) and becomes what `unreadable` makes of it, so one bad row never fails the whole list.
 */
export function readRows<R, K extends TStoredJsonKind, T>(
  rows: readonly R[],
  args: { kind: K; valueOf: (row: R) => unknown; idOf: (row: R) => number | string; log: TStoredJsonLog },
  readable: (row: R, value: TStoredJsonValue<K>) => T,
  unreadable: (row: R) => T,
): T[] {
  return rows.map((row) => {
    const read = readStoredJson(args.kind, args.valueOf(row));
    if (read.ok) return readable(row, read.value);
    logUnreadable(args.log, args.kind, args.idOf(row), read.problem);
    return unreadable(row);
  });
}
