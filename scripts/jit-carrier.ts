// Runs a local carrier's DCSA JIT 2.0 system (docs/dcsa-jit.md, "The local carrier"):
//   npm run jit-carrier -- [--port 4200] [--host 127.0.0.1]
//       [--quayline http://127.0.0.1:3000 --key qjit_... [--scenario --unlocode DEHAM --imo 9321483 [--arrival ISO]]]
//       [--accept-plans]
// It listens on http://HOST:PORT/jit (give that as the counterparty's endpoint in Quayline), checks every message
// Quayline sends against the official JIT_v2.0.0.yaml and prints it. With --key and --scenario it opens a call at
// Quayline (port call, terminal call, berth arrival and departure services, REQ for both); with --accept-plans it
// answers each plan (PLN) Quayline sends with a REQ of the same time, replying to it, which accepts it.
import { type TJitCarrierClient, type TReceivedJitMessage, acceptPlan, createJitCarrierClient, fetchTransport, openJitCall, startJitCarrierEndpoint } from '../apps/server/src/modules/dcsa/local-jit-carrier';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const flag = (name: string) => args.includes(`--${name}`);
const port = Number(option('port') ?? 4200);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port expects a port number, got ${JSON.stringify(option('port'))}`);
  process.exit(2);
}
const quayline = option('quayline') ?? 'http://127.0.0.1:3000';
const key = option('key') ?? process.env.JIT_CARRIER_KEY;
const client: TJitCarrierClient | null = key ? createJitCarrierClient(fetchTransport(`${quayline.replace(/\/+$/, '')}/api/dcsa/jit/v2`), key) : null;
const isAcceptingPlans = flag('accept-plans');

function describe(m: TReceivedJitMessage): string {
  const body = (m.body ?? {}) as { classifierCode?: string; dateTime?: string; isFYI?: boolean; reason?: string; portCallServiceTypeCode?: string; portCallServiceEventTypeCode?: string };
  const what = [body.classifierCode, body.dateTime, body.portCallServiceTypeCode, body.portCallServiceEventTypeCode, body.reason && `"${body.reason}"`, body.isFYI && '(FYI copy)'].filter(Boolean).join(' ');
  const verdict = m.problems.length ? `OFF THE STANDARD (${m.schema ?? '?'}): ${m.problems.join('; ')}` : `conforms to ${m.schema ?? 'the standard'}`;
  return `<- ${m.method} ${m.path} ${what}\n   ${verdict}`;
}

async function answerPlan(m: TReceivedJitMessage): Promise<void> {
  const sent = client ? await acceptPlan(client, m) : null;
  if (sent) console.log(`-> PUT /timestamps/${sent.timestamp.timestampID} REQ ${sent.timestamp.dateTime} (accepting the plan): ${sent.answer.status}`);
}

const endpoint = await startJitCarrierEndpoint({
  port,
  host: option('host') ?? '127.0.0.1',
  onMessage: (m) => {
    console.log(describe(m));
    if (isAcceptingPlans) setTimeout(() => void answerPlan(m).catch((err: unknown) => console.error('accepting failed:', err)), 200);
  },
});
console.log(`Local JIT carrier listening on ${endpoint.url} (register it as the counterparty's endpoint in Quayline)`);

if (flag('scenario')) {
  if (!client) {
    console.error('--scenario needs --key (the API key Quayline showed when the system was connected)');
    process.exit(2);
  }
  const unlocode = option('unlocode') ?? 'DEHAM';
  const imo = option('imo');
  if (!imo) {
    console.error('--scenario needs --imo (a vessel of the carrier, or a new one: it is created with the name LOCAL CARRIER VESSEL)');
    process.exit(2);
  }
  const arrival = new Date(option('arrival') ?? new Date(Date.now() + 3 * 86_400_000).toISOString());
  arrival.setUTCMinutes(0, 0, 0);
  const departure = new Date(arrival.getTime() + 20 * 3_600_000);
  const call = await openJitCall(client, { unlocode, imo, vesselName: 'LOCAL CARRIER VESSEL', arrival: arrival.toISOString(), departure: departure.toISOString() });
  console.log(`-> opened port call ${call.portCallID}: terminal call ${call.terminalCallID}, berth arrival ${call.arrivalServiceID} REQ ${arrival.toISOString()}, departure ${call.departureServiceID} REQ ${departure.toISOString()}`);
  if (client.problems.length) console.log(`   answers off the standard: ${client.problems.join('; ')}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void endpoint.close().then(() => process.exit(0)));
