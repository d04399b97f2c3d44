// Test helper: a schedule provider on 127.0.0.1 that speaks OVS 3.0.2 (two pages via Next-Page-Cursor) and can be
// switched to fail (503, 401, malformed body, never answering), with payloads authored from the standard.
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TOvsServiceSchedule, TOvsTimestamp } from '@quayline/domain';

export type TProviderMode = 'ok' | 'http_503' | 'malformed' | 'not_json' | 'hang';

export type TOvsTestProvider = {
  url: string;
  mode: TProviderMode;
  /** Expected auth header (name lower case) and value; anything else answers 401. */
  auth: { header: string; value: string } | null;
  pages: TOvsServiceSchedule[][];
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
};

export async function startOvsTestProvider(pages: TOvsServiceSchedule[][]): Promise<TOvsTestProvider> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const state: Omit<TOvsTestProvider, 'url' | 'close'> = { mode: 'ok', auth: null, pages, requests: [] };
  const server: Server = createServer((req, res) => {
    state.requests.push({ url: req.url ?? '', headers: req.headers });
    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.auth && req.headers[state.auth.header] !== state.auth.value) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ httpMethod: 'GET', requestUri: req.url, statusCode: 401, statusCodeText: 'Unauthorized', errorDateTime: new Date().toISOString(), errors: [{ errorCodeText: 'unauthorized' }] }));
      return;
    }
    if (state.mode === 'http_503') {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ httpMethod: 'GET', requestUri: req.url, statusCode: 503, statusCodeText: 'Service Unavailable', errorDateTime: new Date().toISOString(), errors: [{ errorCodeText: 'down' }] }));
      return;
    }
    if (state.mode === 'not_json') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    if (state.mode === 'malformed') {
      // carrierServiceCode and the vessel's isDummyVessel are required by OVS
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ carrierServiceName: 'Broken', vesselSchedules: [{ vesselOperatorSMDGLinerCode: 'XX' }] }]));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cursor = url.searchParams.get('cursor');
    const index = cursor ? Number(cursor.replace('page-', '')) : 0;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'api-version': '3.0.2' };
    if (index + 1 < state.pages.length) headers['next-page-cursor'] = `page-${index + 1}`;
    res.writeHead(200, headers).end(JSON.stringify(state.pages[index] ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const provider = state as TOvsTestProvider;
  provider.url = `http://127.0.0.1:${port}`;
  provider.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return provider;
}

const H = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function times(arrival: number, departure: number, classifiers: ('PLN' | 'EST' | 'ACT')[]): TOvsTimestamp[] {
  return classifiers.flatMap((c, i) => [
    // a planned time lies a little off the estimate, so picking EST over PLN is visible
    { eventTypeCode: 'ARRI' as const, eventClassifierCode: c, eventDateTime: iso(arrival - (c === 'PLN' ? 6 * H : 0) + i * 0) },
    { eventTypeCode: 'DEPA' as const, eventClassifierCode: c, eventDateTime: iso(departure - (c === 'PLN' ? 6 * H : 0)) },
  ]);
}

export type TOvsWorld = {
  terminalUnlocode: string;
  previousUnlocode: string;
  nextUnlocode: string;
  unknownUnlocode: string;
  operatorCode: string;
  vesselA: { imo: string };
  vesselB: { imo: string; mmsi: string };
  vesselC: { imo: string };
};

/**
 * Three vessels of one service calling at the terminal's port between two other ports: A by IMO with PLN+EST at the
 * terminal and ACT at the previous port; B by MMSI only, plus a second voyage through an unknown port; C on page two,
 * omitted (OMIT) at the next port. `shiftHours` moves the terminal estimates of A and B; `omitB` omits B at the terminal.
 */
export function ovsPages(w: TOvsWorld, base: number, opts: { shiftHours?: number; omitB?: boolean } = {}): TOvsServiceSchedule[][] {
  const shift = (opts.shiftHours ?? 0) * H;
  const call = (ref: string, imp: string, exp: string, unlocode: string, ts: TOvsTimestamp[], extra: Record<string, unknown> = {}) => ({
    transportCallReference: ref,
    carrierImportVoyageNumber: imp,
    carrierExportVoyageNumber: exp,
    location: { locationType: 'UNLO' as const, UNLocationCode: unlocode },
    timestamps: ts,
    ...extra,
  });
  const page1: TOvsServiceSchedule[] = [
    {
      carrierServiceName: 'Quayline Express',
      carrierServiceCode: 'QX1',
      vesselSchedules: [
        {
          vesselOperatorSMDGLinerCode: w.operatorCode,
          vesselIMONumber: w.vesselA.imo,
          vesselName: 'ALPHA',
          isDummyVessel: false,
          transportCalls: [
            call('A-1', '2701W', '2701W', w.previousUnlocode, times(base - 30 * H, base - 20 * H, ['PLN', 'ACT'])),
            call('A-2', '2701W', '2701E', w.terminalUnlocode, times(base + shift, base + 20 * H + shift, ['PLN', 'EST'])),
            call('A-3', '2701E', '2701E', w.nextUnlocode, times(base + 40 * H, base + 50 * H, ['PLN'])),
          ],
        },
        {
          vesselOperatorSMDGLinerCode: w.operatorCode,
          MMSINumber: w.vesselB.mmsi,
          vesselName: 'BRAVO',
          isDummyVessel: false,
          transportCalls: [
            call('B-1', '2702W', '2702E', w.terminalUnlocode, times(base + 48 * H + shift, base + 70 * H + shift, ['EST']), opts.omitB ? { statusCodes: ['OMIT'] } : {}),
            call('B-2', '2702E', '2702E', w.nextUnlocode, times(base + 90 * H, base + 100 * H, ['PLN'])),
            call('B-3', '2704W', '2704E', w.terminalUnlocode, times(base + 500 * H, base + 520 * H, ['PLN'])),
            call('B-4', '2704E', '2704E', w.unknownUnlocode, times(base + 540 * H, base + 550 * H, ['PLN'])),
          ],
        },
      ],
    },
  ];
  const page2: TOvsServiceSchedule[] = [
    {
      carrierServiceName: 'Quayline Express',
      carrierServiceCode: 'QX1',
      vesselSchedules: [
        {
          vesselOperatorSMDGLinerCode: w.operatorCode,
          vesselIMONumber: w.vesselC.imo,
          vesselName: 'CHARLIE',
          isDummyVessel: false,
          transportCalls: [
            call('C-1', '2703W', '2703E', w.terminalUnlocode, times(base + 100 * H, base + 120 * H, ['PLN', 'EST'])),
            call('C-2', '2703E', '2703E', w.nextUnlocode, times(base + 140 * H, base + 150 * H, ['PLN']), { statusCodes: ['OMIT'] }),
          ],
        },
      ],
    },
  ];
  return [page1, page2];
}
