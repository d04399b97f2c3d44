// The day-in-the-life soak (docs/soak.md): virtual people of every role work the demo terminal at once through the
// API, a sweep reads every GET operation while they do, and afterwards the checks look for what must never happen.
// A finding is a failure; the report says what was done and what was found.
import { createRng } from '@quayline/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type TActor, type TSoakContext, actOnce } from './soak-actions';
import { checkAcknowledgedWrites, checkReaders, checkVersionsAgainstAudit, sweepGets } from './soak-checks';
import { SoakRecorder, type TSoakServer } from './soak-client';
import { SoakLedger } from './soak-ledger';
import { listGetOperations } from './soak-openapi';
import { buildSoakWorld } from './soak-world';

export type TSoakOptions = {
  seed: number;
  users: number;
  /** The day ends after this many actions in all, or at this many minutes, whichever comes first. */
  maxActions: number;
  maxMinutes: number;
  servers: TSoakServer[];
  db: Kysely<DB>;
  /** Error-level (and worse) log lines the servers wrote so far. */
  errorLines(): string[];
  /** Roles the sweep during the day covers (the sweep afterwards covers all four); the bounded form sweeps fewer. */
  rolesSweptDuring?: number;
  /** What the servers are (printed in the report). */
  setup: string;
};

export type TSoakReport = { text: string; findings: number; serverErrors: number; actions: number; requests: number; users: number; minutes: number };

export async function runSoak(options: TSoakOptions): Promise<TSoakReport> {
  const started = Date.now();
  const recorder = new SoakRecorder();
  const ledger = new SoakLedger();
  const world = await buildSoakWorld(options.db, options.servers, recorder, options.users);
  const versionsAtStart = new Map((await options.db.selectFrom('portcalls').select(['id', 'version']).execute()).map((c) => [c.id, c.version]));
  const operations = await listGetOperations(options.servers[0]!);
  const ctx: TSoakContext = { world, recorder, ledger, reads: operations };

  let actions = 0;
  const deadline = started + options.maxMinutes * 60_000;
  const more = () => actions < options.maxActions && Date.now() < deadline;
  const byRole = new Map<string, Map<string, number>>();
  const work = async (actor: TActor) => {
    while (more()) {
      actions++;
      try {
        const kind = await actOnce(ctx, actor);
        recorder.count(kind, actor.user.role);
        const mine = byRole.get(actor.user.role) ?? new Map<string, number>();
        byRole.set(actor.user.role, mine.set(kind, (mine.get(kind) ?? 0) + 1));
      } catch (error) {
        recorder.find('the day runs', `${actor.user.name}: ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' ') : String(error)}`);
      }
    }
  };
  const actors: TActor[] = world.users.map((user, i) => ({ user, rng: createRng(options.seed + i * 7_919), calls: [] }));
  // The sweep runs while the people work, once they are under way, and again on the quiet system afterwards.
  const during = (async () => {
    while (more() && actions < Math.min(options.maxActions / 3, 30)) await new Promise((resolve) => setTimeout(resolve, 100));
    await sweepGets(options.db, world, recorder, operations, options.rolesSweptDuring);
  })();
  await Promise.all([...actors.map(work), during]);
  await sweepGets(options.db, world, recorder, operations);

  await checkAcknowledgedWrites(options.db, world, recorder, ledger);
  await checkVersionsAgainstAudit(options.db, world, recorder, ledger, versionsAtStart);
  await checkReaders(options.db, world, recorder);
  for (const line of options.errorLines()) recorder.find('no error-level log line', line.slice(0, 400));

  const minutes = (Date.now() - started) / 60_000;
  const lines = [
    `Soak: seed ${options.seed}, ${world.users.length} people (${[...new Set(world.users.map((u) => u.role))].map((r) => `${world.users.filter((u) => u.role === r).length} ${r}`).join(', ')}), ${options.setup}`,
    `Did ${actions} actions and ${recorder.requests} requests in ${minutes.toFixed(1)} min; answers: ${[...recorder.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`,
    `5xx: ${recorder.serverErrors} (and ${recorder.turnedAway} turned away while busy, with a time to come back); acknowledged: ${ledger.createdCalls.length} new calls, ${ledger.edits.length} edits, ${ledger.messages.length} messages; ${ledger.touchedCalls.size} calls written`,
    ...[...byRole].map(([role, kinds]) => `  ${role}: ${[...kinds].sort(([, a], [, b]) => b - a).map(([k, n]) => `${k} ${n}`).join(', ')}`),
    `  checks: ${recorder.byRole.get('sweep') ?? 0} reads by the sweep and the readers' checks over ${operations.length} GET operations`,
    `  checked: ${[...recorder.checked].map(([what, n]) => `${n} ${what}`).join(', ')}`,
    recorder.findings.length ? `FINDINGS (${recorder.findings.length}):` : 'Findings: none',
    ...recorder.findings.map((f) => `  [${f.check}] ${f.message}`),
  ];
  return { text: lines.join('\n'), findings: recorder.findings.length, serverErrors: recorder.serverErrors, actions, requests: recorder.requests, users: world.users.length, minutes };
}
