// The worker pool's limit: more runs than cores are refused at once with a clear error, not queued behind each other.
import { parseInstance } from '@quayline/berth-optimizer';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MAX_CONCURRENT_RUNS, solveInWorker } from './solve-in-worker';

const { instance } = parseInstance({ quay: { kind: 'discrete', berths: [{ id: 'B1', open: [0, 168] }] }, vessels: [{ id: 'V1', arrival: 3, handling: { B1: 10 } }] });

describe('solving in a worker thread', () => {
  it('solves off the main thread and refuses a run beyond the limit with OPTIMIZER_BUSY (503)', async () => {
    const runs = Array.from({ length: MAX_CONCURRENT_RUNS }, () => solveInWorker(instance, { seconds: 1, seed: 1 }));
    const refused = await solveInWorker(instance, { seconds: 1, seed: 1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'OPTIMIZER_BUSY', httpStatus: 503, retryAfterSeconds: 60 });
    for (const result of await Promise.all(runs)) expect(result.plan.calls).toEqual([expect.objectContaining({ vesselId: 'V1', start: 3, end: 13 })]);
    // The slots are free again once the runs are done.
    expect((await solveInWorker(instance, { seconds: 1, seed: 1 })).plan.calls).toHaveLength(1);
  }, 60_000);
});
