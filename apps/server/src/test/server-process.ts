// Runs the real server entry point in a child process, for tests that need separate processes (or a real kill).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../server-command.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type TProcessExit = { code: number | null; signal: NodeJS.Signals | null };

export type TServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited, however that happened. */
  exited: Promise<TProcessExit>;
  /** Sends a signal and waits for the exit (SIGKILL: a crash; SIGTERM: a graceful stop). */
  kill(signal: NodeJS.Signals): Promise<TProcessExit>;
  stop(): Promise<void>;
  /** Starts another server process with the same environment (same database), on a new port. */
  restart(): Promise<TServerProcess>;
};

export async function startServerProcess(env: Record<string, string>, options: { startTimeoutMs?: number } = {}): Promise<TServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 150_000;
  const port = await freePort();
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<TProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs);
    const onStarted = () => {
      if (!output.includes('Quayline is running')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onStarted);
      resolve();
    };
    child.stdout!.on('data', onStarted);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output}`));
    });
  });
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    kill,
    stop: async () => {
      await kill('SIGTERM');
    },
    restart: () => startServerProcess(env, options),
  };
}
