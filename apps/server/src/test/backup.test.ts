// A backup of the embedded database restores with every row of every table; a running server's directory is refused.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { backupPglite, claimDataDir, restorePglite, serverPidFile } from '../db/backup';
import { openDatabase } from '../db/database';
import { testConfig } from './test-app';

const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Row count of every table in the public schema, by name. */
async function countAll(dataDir: string): Promise<Record<string, number>> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(database.db);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(database.db);
      counts[name] = row.rows[0]!.n;
    }
    return counts;
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('restores an archive with every row of every table', async () => {
    const dataDir = path.join(work, 'data');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    // The demo seed fills most tables: terminals, users, calls, negotiation chains, voyages, PRISE notices.
    const app = await buildApp({ config: testConfig({ kind: 'pglite', dataDir }, { seedDemo: true, runJobs: false }), database });
    await app.close();
    await database.close();
    const before = await countAll(dataDir);
    expect(before.portcalls).toBeGreaterThan(50);
    expect(before.portal_users).toBeGreaterThan(3);

    const archive = path.join(work, 'backup.tar.gz');
    const bytes = await backupPglite(dataDir, archive);
    expect(bytes).toBeGreaterThan(100_000);

    const restored = path.join(work, 'restored');
    await restorePglite(archive, restored);
    expect(await countAll(restored)).toEqual(before);

    // A non-empty target is kept unless the restore is told to replace it.
    await expect(restorePglite(archive, restored)).rejects.toThrow(/not empty/);
    await restorePglite(archive, restored, { replace: true });
    expect((await countAll(restored)).portcalls).toBe(before.portcalls);
  }, 180_000);

  it('refuses the data directory of a running server, and lets a stale claim go', async () => {
    const dataDir = path.join(work, 'busy');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    // Another live process holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(serverPidFile(dataDir), String(other.pid));
      await expect(backupPglite(dataDir, path.join(work, 'busy.tar.gz'))).rejects.toThrow(/running on/);
      expect(() => claimDataDir(dataDir)).toThrow(/in use by the server with pid/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    // Its process is gone (a crash leaves the file behind): the directory is free again.
    const release = claimDataDir(dataDir);
    release();
    expect(await backupPglite(dataDir, path.join(work, 'busy.tar.gz'))).toBeGreaterThan(0);
  }, 60_000);
});
