// The solver in a worker thread, so a run of several seconds does not stall Fastify's event loop.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TInstance, TPlan, TSolveResult } from '@quayline/berth-optimizer';
import { AppError } from '../../lib/app-error';

/**
 * A worker is a fresh isolate without the parent's TypeScript loader, and on Node 20 neither `--import tsx` in
 * its execArgv nor tsx's ESM hooks registered inside it take effect; tsx's require hook does, and compiles the
 * worker's TypeScript (and the optimizer's) on the way in.
 */
function bootstrap(): string {
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./optimize.worker.ts', import.meta.url));
  return `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
}

/** Time the worker gets on top of the budget (start-up, TypeScript loading, the last iteration). */
const GRACE_MS = 20_000;

/** Each run keeps a core busy for its whole budget; more at once would only slow every run and the API down. */
export const MAX_CONCURRENT_RUNS = Math.max(1, Number(process.env.OPTIMIZER_MAX_RUNS ?? 2));
let running = 0;

export function solveInWorker(instance: TInstance, options: { seconds: number; seed: number; initialPlan?: TPlan }): Promise<TSolveResult> {
  // Back-pressure, not a fault: the answer says when to come back, as the message does ("in a minute").
  if (running >= MAX_CONCURRENT_RUNS) return Promise.reject(new AppError('OPTIMIZER_BUSY', { retryAfterSeconds: 60 }));
  running++;
  return new Promise<TSolveResult>((resolve, reject) => {
    const worker = new Worker(bootstrap(), { eval: true, workerData: { instance, options } });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => finish(() => {
      void worker.terminate();
      reject(new Error('The optimizer did not answer in time.'));
    }), options.seconds * 1000 + GRACE_MS);
    worker.once('message', (result: TSolveResult) => finish(() => resolve(result)));
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) => finish(() => reject(new Error(`The optimizer stopped (exit code ${code}).`))));
  }).finally(() => {
    running--;
  });
}
