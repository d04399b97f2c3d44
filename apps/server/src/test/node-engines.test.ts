import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The machines that run Quayline run Node 20 (the root package's `engines`). A dependency that declares a newer Node
// installs with only a warning and may then fail at run time, so every package in the lock file must accept the
// oldest Node we promise. When one does not, pin an older release (`overrides` in the root package.json).
const OLDEST_NODE = [20, 19, 0] as const;

type TVersion = readonly [number, number, number];
type TPartial = [number | null, number | null, number | null];

function parsePartial(text: string): TPartial {
  const parts = text.replace(/^v/, '').split('.');
  const at = (i: number): number | null => {
    const part = parts[i];
    return part === undefined || part === '' || part === 'x' || part === 'X' || part === '*' ? null : Number(part);
  };
  return [at(0), at(1), at(2)];
}

function compare(a: TVersion, b: TVersion): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const floor = (p: TPartial): TVersion => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];

/** The exclusive upper bound of a partial version: `20` means below 21, `20.19` below 20.20. */
function ceilingOf(p: TPartial): TVersion | null {
  if (p[0] === null) return null;
  if (p[1] === null) return [p[0] + 1, 0, 0];
  if (p[2] === null) return [p[0], p[1] + 1, 0];
  return null;
}

function satisfiesComparator(version: TVersion, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*(.*)$/.exec(comparator.trim());
  if (!match) throw new Error(`unreadable engine range part: ${comparator}`);
  const [, op = '', rest = ''] = match;
  const p = parsePartial(rest);
  if (p[0] === null) return true;
  const low = floor(p);
  switch (op) {
    case '>=':
      return compare(version, low) >= 0;
    case '>': {
      const ceiling = ceilingOf(p);
      return ceiling ? compare(version, ceiling) >= 0 : compare(version, low) > 0;
    }
    case '<':
      return compare(version, low) < 0;
    case '<=': {
      const ceiling = ceilingOf(p);
      return ceiling ? compare(version, ceiling) < 0 : compare(version, low) <= 0;
    }
    case '^': {
      const upper: TVersion = low[0] > 0 ? [low[0] + 1, 0, 0] : low[1] > 0 ? [0, low[1] + 1, 0] : [0, 0, low[2] + 1];
      return compare(version, low) >= 0 && compare(version, upper) < 0;
    }
    case '~': {
      const upper: TVersion = p[1] === null ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0];
      return compare(version, low) >= 0 && compare(version, upper) < 0;
    }
    default: {
      const ceiling = ceilingOf(p);
      return ceiling ? compare(version, low) >= 0 && compare(version, ceiling) < 0 : compare(version, low) === 0;
    }
  }
}

/** Whether `version` satisfies an npm engines range (`||` alternatives of space-separated comparators). */
export function satisfiesEngineRange(version: TVersion, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => satisfiesComparator(version, c));
  });
}

type TLockPackage = { version?: string; engines?: { node?: string } | string[] };

describe('node engines of every installed package', () => {
  it('reads the ranges npm packages declare', () => {
    expect(satisfiesEngineRange(OLDEST_NODE, '>=20.19')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '18 || 20 || >=22')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '>= 10.x')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '>=v12.22.7')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '*')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '>=22')).toBe(false);
    expect(satisfiesEngineRange(OLDEST_NODE, '>=22.12.0')).toBe(false);
    expect(satisfiesEngineRange(OLDEST_NODE, '^20.0 || ^22.0 || >=24.0')).toBe(true);
    expect(satisfiesEngineRange(OLDEST_NODE, '^18 || >=22')).toBe(false);
    expect(satisfiesEngineRange(OLDEST_NODE, '>=20.20')).toBe(false);
    expect(satisfiesEngineRange(OLDEST_NODE, '<20')).toBe(false);
    expect(satisfiesEngineRange(OLDEST_NODE, '~20.19.0')).toBe(true);
  });

  it('every package in the lock file runs on the oldest Node the app promises', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(rootPackage.engines.node).toBe(`>=${OLDEST_NODE[0]}.${OLDEST_NODE[1]}`);
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, TLockPackage> };
    const refusing = Object.entries(lock.packages)
      .filter(([, pkg]) => pkg.engines && !Array.isArray(pkg.engines) && typeof pkg.engines.node === 'string')
      .filter(([, pkg]) => !satisfiesEngineRange(OLDEST_NODE, (pkg.engines as { node: string }).node))
      .map(([name, pkg]) => `${name}@${pkg.version ?? '?'} needs node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
