// Runs the local, deterministic port authority (PRISE protocol, docs/prise.md) on its own:
//   npm run port-authority -- [--port 4100] [--host 127.0.0.1] [--channel-depth 13.5] [--delay-ms 1000]
// Then start Quayline with PORT_AUTHORITY_URL=http://127.0.0.1:4100, PORT_AUTHORITY_USERNAME=quayline and
// PORT_AUTHORITY_PASSWORD=local-port-authority (or pass --username / --password to choose others).
import { startLocalPortAuthority } from '../apps/server/src/modules/prise/local-port-authority';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const numberOption = (name: string): number | undefined => {
  const value = option(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) {
    console.error(`--${name} expects a number, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return n;
};

const authority = await startLocalPortAuthority({
  port: numberOption('port') ?? 4100,
  host: option('host') ?? '127.0.0.1',
  ...(numberOption('channel-depth') !== undefined ? { channelDepthM: numberOption('channel-depth')! } : {}),
  ...(numberOption('delay-ms') !== undefined ? { answerDelayMs: numberOption('delay-ms')! } : {}),
  ...(option('username') ? { username: option('username')! } : {}),
  ...(option('password') ? { password: option('password')! } : {}),
});
console.log(`Local port authority on ${authority.url} (basic auth ${authority.username} / ${authority.password})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void authority.close().then(() => process.exit(0)));
