// The web build made current: rebuilt when web or domain sources are newer than apps/web/dist (npm start, benches).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function isWebBuildStale() {
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return [path.join(root, 'apps/web'), path.join(root, 'packages/domain/src')].some((d) => newestMtime(d) > built);
}

/** Builds the web app when it is stale; returns the failed build's exit code, or 0. */
export function buildWebIfStale() {
  if (!isWebBuildStale()) return 0;
  console.log('Building the web app ...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@quayline/web'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
