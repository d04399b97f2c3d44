// A published sandbox is written set-based: the statements it sends do not grow with the number of moves, so a plan
// of a hundred moves holds the embedded database for a moment (figures: `npm run bench:publish`).
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3_600_000;

/** Counts the statements sent through the app's database while `run` runs. */
async function countStatements(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      count++;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
  const plain = t.app.ctx.db;
  t.app.ctx.db = plain.withPlugin(counter);
  try {
    await run();
  } finally {
    t.app.ctx.db = plain;
  }
  return count;
}

describe.each(DB_TARGETS)('publishing the sandbox on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  /** `count` calls a day apart, each with cargo operations, a crane booking and a shift card, drafted two hours later and elsewhere on the quay. */
  async function draftOf(count: number, base: number): Promise<number> {
    const changes = [];
    for (let i = 0; i < count; i++) {
      const arrival = base + i * 24 * H;
      const iso = (ms: number) => new Date(ms).toISOString();
      const res = await w.planner(
        'POST',
        '/portcalls',
        w.request(iso(arrival), iso(arrival + 20 * H), {
          berth_start_position: 0,
          berth_end_position: 250,
          cargo_operations_start: iso(arrival + H),
          cargo_operations_end: iso(arrival + 19 * H),
          equipment_details: [{ cargo_handling_equipment_id: w.geometry.equipment[0]!.id, start_time: iso(arrival + 2 * H), end_time: iso(arrival + 10 * H) }],
          portcall_shift_details: [{ shift_number: 1, start_time: iso(arrival + 2 * H), end_time: iso(arrival + 8 * H), cargo_type: 'Container (boxes)', discharge: 10, load: 5, restow: 0, gangs: 1 }],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      changes.push({ portcall_id: res.json().payload.id, berth_arrival: iso(arrival + 2 * H), berth_departure: iso(arrival + 22 * H), berth_start_position: 500, berth_end_position: 750 });
    }
    const draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    const updated = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: draft.version, changes });
    expect(updated.statusCode, updated.body).toBe(200);
    return updated.json().payload.version;
  }

  const publish = async (version: number) => w.planner('POST', '/draft_portcalls/publish', { terminal_id: w.terminal.id, version });

  it('sends as many statements for 30 moves as for 3', async () => {
    const few = await draftOf(3, Date.parse('2027-09-01T06:00:00Z'));
    const forFew = await countStatements(t, async () => expect((await publish(few)).statusCode).toBe(200));
    const many = await draftOf(30, Date.parse('2027-10-01T06:00:00Z'));
    const forMany = await countStatements(t, async () => expect((await publish(many)).json().payload.published).toBe(30));
    // The count is taken on the app's connection, which the realtime listener also reads events through once the
    // publish has committed; on a busy machine one or two of those reads land inside the window. A statement per
    // move would add at least 27.
    expect(Math.abs(forMany - forFew)).toBeLessThanOrEqual(2);
    expect(forMany).toBeLessThan(40);
  });

  it('refuses a publish of 30 moves in a handful of statements, listing every move that is not valid', async () => {
    const base = Date.parse('2028-01-03T06:00:00Z');
    const version = await draftOf(30, base);
    const draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    // Two moves run off the quay (1,000 m long).
    const offQuay = [draft.changes[4].portcall_id, draft.changes[17].portcall_id];
    const moved = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version, changes: offQuay.map((id) => ({ portcall_id: id, berth_start_position: 900, berth_end_position: 1150 })) });
    let refused: Awaited<ReturnType<typeof publish>> | undefined;
    const statements = await countStatements(t, async () => (refused = await publish(moved.json().payload.version)));
    expect(refused!.statusCode).toBe(409);
    expect(refused!.json().status.message).toBe('Nothing was published: a drafted move is not valid.');
    expect(refused!.json().payload.current.conflicts).toEqual(offQuay.map((id) => expect.objectContaining({ portcall_id: id, reason: 'invalid', message: expect.stringContaining('on the quay') })));
    expect(statements).toBeLessThan(20);
    // Nothing moved.
    const untouched = (await w.planner('GET', `/portcalls/${draft.changes[0].portcall_id}`)).json().payload;
    expect(untouched.berth_start_position).toBe(0);
  });
});
