// Starts what the browser tests talk to: a real SMTP server that keeps mails as files, and the built app
// on a fresh PGlite directory with the demo data. Returns the teardown.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { serverNodeArgs } from '../../apps/server/src/server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A UDP port nobody listens on, for the app's AIS receiver (what a shore station pushes to). */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

async function startSmtp(mailDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
          writeFileSync(path.join(mailDir, `${Date.now()}-${++n}.json`), JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function startApp(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // Starting means compiling the server, migrating and seeding the demo: 20 s on a quiet machine, more than 90 s
    // with a second suite running beside it. The limit catches a hang, so it kills what it gave up on.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`app did not start within 5 minutes:\n${output}`));
    }, 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Quayline is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => {
      onData(c);
      process.stderr.write(c);
    });
    child.once('exit', (code) => reject(new Error(`app exited with ${code}:\n${output}`)));
  });
  return child;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-e2e-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  await import('node:fs').then((fs) => fs.mkdirSync(mailDir));
  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const aisUdpPort = await freeUdpPort();
  const app = await startApp({
    AIS_UDP_HOST: '127.0.0.1',
    AIS_UDP_PORT: String(aisUdpPort),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseUrl,
    WEB_DIST: path.join(root, 'apps/web/dist'),
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_AIS_UDP_PORT = String(aisUdpPort);
  return async () => {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    await smtp.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
