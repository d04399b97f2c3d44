// Backups of the embedded database: a consistent archive of the whole PGlite data directory, and restoring one.
// PGlite is one process's database, so a backup is taken with the server stopped (the server leaves a pid file next
// to its data directory while it runs). PostgreSQL is backed up with its own tools (docs/deploy.md, "Backups").
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/** Where a running server announces that it holds a data directory. */
export const serverPidFile = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, '')}.server.pid`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Called by the server at start: refuses a data directory another live server holds, then claims it until exit. */
export function claimDataDir(dataDir: string): () => void {
  const file = serverPidFile(dataDir);
  const holder = readHolder(file);
  if (holder !== null && holder !== process.pid && isRunning(holder)) throw new Error(`The data directory ${dataDir} is in use by the server with pid ${holder}.`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(process.pid));
  return () => {
    if (readHolder(file) === process.pid) unlinkSync(file);
  };
}

function readHolder(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function assertNotInUse(dataDir: string): void {
  const holder = readHolder(serverPidFile(dataDir));
  if (holder !== null && isRunning(holder)) throw new Error(`A Quayline server (pid ${holder}) is running on ${dataDir}: stop it first, a backup needs the database to itself.`);
}

/** Writes a gzip tar of the data directory to `outFile`; returns its size in bytes. */
export async function backupPglite(dataDir: string, outFile: string): Promise<number> {
  if (!existsSync(dataDir) || !existsSync(`${dataDir}/PG_VERSION`)) throw new Error(`No embedded database in ${dataDir}.`);
  assertNotInUse(dataDir);
  const db = new PGlite(dataDir);
  try {
    await db.waitReady;
    // Everything written so far goes to the data files before they are archived.
    await db.exec('checkpoint');
    const archive = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await archive.arrayBuffer());
    // Written beside the target and renamed, so a failed backup never leaves half a file under the real name.
    await writeFile(`${outFile}.partial`, bytes);
    await rename(`${outFile}.partial`, outFile);
    return bytes.length;
  } finally {
    await db.close();
  }
}

/** Restores an archive made by backupPglite into `dataDir`, which must be empty or absent unless `replace` is set. */
export async function restorePglite(archiveFile: string, dataDir: string, options: { replace?: boolean } = {}): Promise<void> {
  assertNotInUse(dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.replace) throw new Error(`${dataDir} is not empty; pass --replace to overwrite it.`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const archive = new Blob([await readFile(archiveFile)]);
  const db = new PGlite(dataDir, { loadDataDir: archive });
  try {
    await db.waitReady;
    // Proves the restored database opens and answers before the command reports success.
    await db.query('select 1');
  } finally {
    await db.close();
  }
}
