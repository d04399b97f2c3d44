// Cached list pages (docs/performance.md "Cached list pages"): a page comes from the cache only while nothing it
// shows has changed, whoever changed it, and never crosses from one viewer to another.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache, replyCached } from '../../lib/response-cache';
import { createOrganisation, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { storedJson } from '../../db/stored-json';

const H = 3_600_000;
type TListed = { id: number; vessel_name: string; comment: string | null; newly_added: boolean; is_open_task: boolean };

describe.each(DB_TARGETS)('cached port-call list pages on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let portcallId: number;
  let version: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const now = t.clock.now().getTime();
    const created = await w.vesselSide('POST', '/portcalls', w.request(new Date(now + 24 * H).toISOString(), new Date(now + 40 * H).toISOString()));
    expect(created.statusCode, created.body).toBe(201);
    portcallId = created.json().payload.id;
    version = created.json().payload.version;
  });
  afterAll(async () => t?.close());

  const list = async (token: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/portcalls?per_page=25', headers: { 'x-portal-token': token, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().payload.items as TListed[];
    return { cache: res.headers['x-quayline-cache'], body: res.body, call: items.find((c) => c.id === portcallId)! };
  };
  const planner = () => w.users.planner.token;

  it('answers a repeated page from the cache, byte for byte', async () => {
    const first = await list(planner());
    const second = await list(planner());
    expect(first.cache).toMatch(/^(miss|hit)$/);
    expect(second.cache).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.call.comment).toBeNull();
  });

  it('shows a change made through the API on the very next request', async () => {
    await list(planner());
    const updated = await w.planner('PUT', `/portcalls/${portcallId}`, { version, comment: 'Gangway on the port side' });
    expect(updated.statusCode, updated.body).toBe(200);
    version = updated.json().payload.version;
    const after = await list(planner());
    expect(after.cache).toBe('miss');
    expect(after.call.comment).toBe('Gangway on the port side');
    expect((await list(planner())).cache).toBe('hit');
  });

  it('shows a change written past the API (a joined table, in SQL) on the next request', async () => {
    await list(planner());
    await t.database.db.updateTable('vessels').set({ name: 'RENAMED IN SQL' }).where('id', '=', w.vessel.id).execute();
    const after = await list(planner());
    expect(after.cache).toBe('miss');
    expect(after.call.vessel_name).toBe('RENAMED IN SQL');
  });

  it("keeps one entry per viewer: the vessel side never gets the planner's page", async () => {
    const plannerPage = await list(planner());
    const vesselPage = await list(w.users.vesselSide.token);
    expect(vesselPage.cache).toBe('miss');
    // The call waits for the terminal's answer to the vessel side's request: an open task for the planner only.
    expect(plannerPage.call.is_open_task).toBe(true);
    expect(vesselPage.call.is_open_task).toBe(false);
    expect((await list(w.users.vesselSide.token)).call.is_open_task).toBe(false);
  });

  it("shows the viewer's own sandbox move (berth_drafts) on the next request", async () => {
    expect((await list(planner())).call.newly_added).toBe(false);
    await t.database.db
      .insertInto('berth_drafts')
      .values({ portal_user_id: w.users.planner.user.id, terminal_id: w.terminal.id, changes: storedJson('draft_changes', [{ portcall_id: portcallId, base_version: 1, berth_arrival: new Date(t.clock.now().getTime() + 30 * H).toISOString() }]) })
      .execute();
    expect((await list(planner())).call.newly_added).toBe(true);
    await t.database.db.deleteFrom('berth_drafts').where('portal_user_id', '=', w.users.planner.user.id).execute();
    expect((await list(planner())).call.newly_added).toBe(false);
  });

  it('computes the page again once the time limit has passed, for the fields that follow the clock', async () => {
    await list(planner());
    expect((await list(planner())).cache).toBe('hit');
    t.clock.advance(10_000);
    expect((await list(planner())).cache).toBe('miss');
  });

  it('computes a fresh page when the client sends Cache-Control: no-cache', async () => {
    await list(planner());
    const fresh = await list(planner(), { 'cache-control': 'no-cache' });
    expect(fresh.cache).toBe('bypass');
    expect((await list(planner())).cache).toBe('hit');
  });

  it('caches the berth planner window the same way: a repeat is a hit, a change shows at once', async () => {
    const now = t.clock.now().getTime();
    const url = `/api/portal/v1/berth_plan/portcalls?terminal_id=${w.terminal.id}&from=${new Date(now - 48 * H).toISOString()}&to=${new Date(now + 7 * 24 * H).toISOString()}`;
    const window = async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-portal-token': planner() } });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().payload.items as { id: number; berth_comment: string | null }[];
      return { cache: res.headers['x-quayline-cache'], call: items.find((c) => c.id === portcallId)! };
    };
    await window();
    expect((await window()).cache).toBe('hit');
    const updated = await w.planner('PUT', `/portcalls/${portcallId}`, { version, berth_comment: 'Crane 3 only' });
    expect(updated.statusCode, updated.body).toBe(200);
    version = updated.json().payload.version;
    expect(await window()).toMatchObject({ cache: 'miss', call: { berth_comment: 'Crane 3 only' } });
  });

  it('caches one call per viewer, never a refusal, and shows a change at once', async () => {
    const one = async (token: string) => t.app.inject({ method: 'GET', url: `/api/portal/v1/portcalls/${portcallId}`, headers: { 'x-portal-token': token } });
    await one(planner());
    const again = await one(planner());
    expect(again.headers['x-quayline-cache']).toBe('hit');
    // Another company's vessel operator: 404 every time, never the cached call.
    const stranger = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: (await createOrganisation(t.database.db, 'vessel_operator')).id, terminalIds: [w.terminal.id] });
    for (let i = 0; i < 2; i++) expect((await one(stranger.token)).statusCode).toBe(404);
    const updated = await w.planner('PUT', `/portcalls/${portcallId}`, { version, comment: 'Pilot at 05:30' });
    expect(updated.statusCode, updated.body).toBe(200);
    version = updated.json().payload.version;
    const after = await one(planner());
    expect(after.headers['x-quayline-cache']).toBe('miss');
    expect(after.json().payload).toMatchObject({ comment: 'Pilot at 05:30', version });
  });

  it('never answers a page read while a change committed again', async () => {
    const mini = Fastify();
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    let renames = 0;
    mini.get('/page', async (request, reply) =>
      replyCached({ ctx: t.app.ctx, cache, request, reply, viewer: { id: 0, user_type: 'terminal_operator', organisation_id: null }, scope: {} }, async () => {
        // A commit lands while the page is read: it is kept under the version before, which is gone.
        if (renames++ === 0) await t.database.db.updateTable('vessels').set({ name: sql`name` }).where('id', '=', w.vessel.id).execute();
        return { page: renames };
      }),
    );
    const headers = async () => (await mini.inject({ method: 'GET', url: '/page' })).headers['x-quayline-cache'];
    expect(await headers()).toBe('miss');
    expect(await headers()).toBe('miss');
    expect(await headers()).toBe('hit');
    await mini.close();
  });
});

describe.each(DB_TARGETS)('port-call list without the cache on %s', (target) => {
  it('computes every page when RESPONSE_CACHE_TTL_MS is 0', async () => {
    const t = await createTestApp(target, { responseCache: null });
    try {
      const w = await createPortcallWorld(t);
      for (let i = 0; i < 2; i++) {
        const res = await w.planner('GET', '/portcalls');
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-quayline-cache']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});
