// A flat rotation schedule as CSV (Linescape-style: one row per port call), turned into OVS service schedules so
// uploads and provider fetches share one mapping. Any bad row rejects the whole file with row number and column.
import { OVS_NO_VOYAGE_NUMBER, type TFieldError, type TOvsServiceSchedule, type TOvsTransportCall } from '@quayline/domain';

export const CSV_SCHEDULE_COLUMNS = ['carrier_code', 'service_code', 'service_name', 'vessel_imo', 'vessel_name', 'voyage_import', 'voyage_export', 'port_code', 'port_eta', 'port_etd', 'sequence'] as const;
type TColumn = (typeof CSV_SCHEDULE_COLUMNS)[number];
/** Columns a file may leave out (docs/schedules.md); of port_eta and port_etd one must be there. */
const OPTIONAL_COLUMNS = new Set<TColumn>(['vessel_name', 'voyage_export', 'port_eta', 'port_etd']);
type TCsvRow = Record<TColumn, string> & { rowNumber: number };

/** RFC 4180 records: comma separated, fields in double quotes may hold commas, line breaks and "" for a quote. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (inQuotes) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && field === '') inQuotes = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

const IMO = /^\d{7}$/;
const UNLOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function validateRow(row: TCsvRow, errors: TFieldError[]): void {
  const fail = (column: TColumn, message: string) => errors.push({ path: `row ${row.rowNumber}: ${column}`, message });
  for (const column of ['carrier_code', 'service_code', 'service_name', 'vessel_imo', 'voyage_import', 'port_code', 'sequence'] as const) if (!row[column].trim()) fail(column, 'Required');
  if (row.vessel_imo && !IMO.test(row.vessel_imo.trim())) fail('vessel_imo', 'An IMO number has seven digits');
  if (row.port_code && !UNLOCODE.test(row.port_code.trim())) fail('port_code', 'Use a UN/LOCODE, e.g. DEHAM');
  if (row.sequence && !/^\d{1,4}$/.test(row.sequence.trim())) fail('sequence', 'Use a whole number');
  if (row.service_name.length > 50) fail('service_name', 'At most 50 characters');
  if (row.service_code.length > 11) fail('service_code', 'At most 11 characters');
  if (!row.port_eta.trim() && !row.port_etd.trim()) fail('port_eta', 'Give an arrival or a departure');
  for (const column of ['port_eta', 'port_etd'] as const) {
    const value = row[column].trim();
    if (value && (!INSTANT.test(value) || Number.isNaN(Date.parse(value)))) fail(column, 'Use an ISO 8601 instant with a zone, e.g. 2027-03-01T06:00:00Z');
  }
  const bothValid = INSTANT.test(row.port_eta.trim()) && INSTANT.test(row.port_etd.trim());
  if (bothValid && Date.parse(row.port_etd) <= Date.parse(row.port_eta)) fail('port_etd', 'Departure must be after arrival');
}

/** Parses and validates a CSV schedule; on any error throws nothing but returns the errors, so the caller saves nothing. */
export function parseCsvSchedule(text: string): { ok: true; schedules: TOvsServiceSchedule[] } | { ok: false; errors: TFieldError[] } {
  const records = parseCsv(text);
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header) return { ok: false, errors: [{ path: 'row 1', message: 'The file has no header row' }] };
  const missing: string[] = CSV_SCHEDULE_COLUMNS.filter((c) => !OPTIONAL_COLUMNS.has(c) && !header.includes(c));
  if (!header.includes('port_eta') && !header.includes('port_etd')) missing.push('port_eta');
  if (missing.length > 0) return { ok: false, errors: missing.map((c) => ({ path: `row 1: ${c}`, message: 'Column missing from the header row' })) };
  if (records.length < 2) return { ok: false, errors: [{ path: 'row 2', message: 'The file has no schedule rows' }] };

  const errors: TFieldError[] = [];
  const rows: TCsvRow[] = [];
  records.slice(1).forEach((record, i) => {
    const rowNumber = i + 2;
    if (record.length !== header.length) {
      errors.push({ path: `row ${rowNumber}`, message: `Expected ${header.length} fields, found ${record.length}` });
      return;
    }
    const row = { rowNumber } as TCsvRow;
    for (const column of CSV_SCHEDULE_COLUMNS) {
      const index = header.indexOf(column);
      row[column] = index >= 0 ? record[index]!.trim() : '';
    }
    validateRow(row, errors);
    rows.push(row);
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 100) };

  // service -> vessel -> calls in sequence order
  const services = new Map<string, TOvsServiceSchedule>();
  const callsOf = new Map<string, { sequence: number; call: TOvsTransportCall }[]>();
  for (const row of rows) {
    const serviceKey = `${row.carrier_code}|${row.service_code}`;
    let service = services.get(serviceKey);
    if (!service) services.set(serviceKey, (service = { carrierServiceName: row.service_name, carrierServiceCode: row.service_code, vesselSchedules: [] }));
    const vesselKey = `${serviceKey}|${row.vessel_imo}`;
    if (!callsOf.has(vesselKey)) {
      const calls: { sequence: number; call: TOvsTransportCall }[] = [];
      callsOf.set(vesselKey, calls);
      service.vesselSchedules.push({ vesselOperatorSMDGLinerCode: row.carrier_code, vesselIMONumber: row.vessel_imo, ...(row.vessel_name ? { vesselName: row.vessel_name } : {}), isDummyVessel: false, transportCalls: [] });
    }
    const timestamps = [
      ...(row.port_eta ? [{ eventTypeCode: 'ARRI' as const, eventClassifierCode: 'EST' as const, eventDateTime: row.port_eta }] : []),
      ...(row.port_etd ? [{ eventTypeCode: 'DEPA' as const, eventClassifierCode: 'EST' as const, eventDateTime: row.port_etd }] : []),
    ];
    callsOf.get(vesselKey)!.push({
      sequence: Number(row.sequence),
      call: {
        transportCallReference: `${row.vessel_imo}-${row.voyage_import}-${row.port_code}-${row.sequence}`,
        carrierImportVoyageNumber: row.voyage_import || OVS_NO_VOYAGE_NUMBER,
        ...(row.voyage_export ? { carrierExportVoyageNumber: row.voyage_export } : {}),
        location: { locationType: 'UNLO', UNLocationCode: row.port_code },
        timestamps,
      },
    });
  }
  for (const [vesselKey, calls] of callsOf) {
    const [carrier, serviceCode, imo] = vesselKey.split('|');
    const vs = services.get(`${carrier}|${serviceCode}`)!.vesselSchedules.find((v) => v.vesselIMONumber === imo)!;
    vs.transportCalls = calls.sort((a, b) => a.sequence - b.sequence).map((c) => c.call);
  }
  return { ok: true, schedules: [...services.values()] };
}
