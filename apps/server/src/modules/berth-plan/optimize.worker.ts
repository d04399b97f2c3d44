// Runs one solver call off the main thread (see solve-in-worker.ts); the instance and options come as worker data.
import { parentPort, workerData } from 'node:worker_threads';
import { type TInstance, type TSolveOptions, solve } from '@quayline/berth-optimizer';

const { instance, options } = workerData as { instance: TInstance; options: Pick<TSolveOptions, 'seconds' | 'seed' | 'initialPlan'> };
parentPort?.postMessage(solve(instance, options));
