// The layers of the code base, read from the imports of its files as a newcomer reads them (docs/architecture.md):
// on the server db/ is the ground floor, the modules stand on it and the demo stands on the modules; on the web
// the shared layers (components, lib, hooks, entities) stand below the features, and no feature imports another.
// Test data the apps' tests share stays out of the apps' code. Comments and docs explain code by its reasons, so none
// names an issue number.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '../../../..');
const SERVER = path.join(REPO, 'apps/server/src');
const WEB = path.join(REPO, 'apps/web/src');
const NOT_SOURCE = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|css|html|ya?ml|sql)$/;

function filesUnder(dir: string, kind: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) || entry.name.startsWith('.') ? [] : filesUnder(full, kind);
    return kind.test(entry.name) ? [full] : [];
  });
}

const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);
const shown = (file: string) => path.relative(REPO, file);

// `import … from`, `export … from`, `import '…'`, `import('…')`, `vi.mock('…')` and `require('…')`.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*)['"]([^'"\n]+)['"]/g;

type TImport = {
  file: string;
  specifier: string;
  /** The file or folder a relative or `@/` import points at; null for a package. */
  target: string | null;
};

function importsOf(file: string, webAlias: boolean): TImport[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, specifier]) => {
    const target = specifier!.startsWith('.')
      ? path.resolve(path.dirname(file), specifier!)
      : webAlias && specifier!.startsWith('@/')
        ? path.join(WEB, specifier!.slice(2))
        : null;
    return { file, specifier: specifier!, target };
  });
}

const described = ({ file, specifier }: TImport) => `${shown(file)} imports '${specifier}'`;

/** The imports of a file under a folder whose target breaks a rule. */
function offending(dir: string, webAlias: boolean, breaks: (i: TImport) => boolean): string[] {
  return filesUnder(dir, CODE)
    .flatMap((file) => importsOf(file, webAlias))
    .filter(breaks)
    .map(described);
}

/** The feature folder a web file lies in, or null outside apps/web/src/features. */
function featureOf(file: string): string | null {
  const features = path.join(WEB, 'features');
  return inside(file, features) ? (path.relative(features, file).split(path.sep)[0] ?? null) : null;
}

describe('layers of the server', () => {
  it('keep db/ the ground floor: it imports libraries, @quayline/domain and db/ itself, never a module, the demo or the app', () => {
    const db = path.join(SERVER, 'db');
    const breaks = ({ specifier, target }: TImport) =>
      target ? !inside(target, db) : specifier.startsWith('@quayline/') && specifier !== '@quayline/domain' && !specifier.startsWith('@quayline/domain/');
    expect(offending(db, false, breaks)).toEqual([]);
  });

  it('let only the app, the server start and the tests import the demo, so no module depends on demo data', () => {
    const demo = path.join(SERVER, 'demo');
    const mayUseDemo = [demo, path.join(SERVER, 'test'), path.join(SERVER, 'app.ts'), path.join(SERVER, 'server.ts')];
    const breaks = ({ file, target }: TImport) => target !== null && inside(target, demo) && !mayUseDemo.some((dir) => inside(file, dir));
    expect(offending(SERVER, false, breaks)).toEqual([]);
  });
});

describe('layers of the web app', () => {
  it('keep every feature to itself: a feature imports no other feature, by alias or by relative path', () => {
    const breaks = ({ file, target }: TImport) => {
      const into = target ? featureOf(target) : null;
      return into !== null && into !== featureOf(file);
    };
    expect(offending(path.join(WEB, 'features'), true, breaks)).toEqual([]);
  });

  it('keep the shared layers below the features: components, lib, hooks, entities and types import no feature and not the app shell', () => {
    const above = [path.join(WEB, 'features'), path.join(WEB, 'app')];
    // A test of a shared piece may render it inside the app's providers.
    const breaks = ({ file, target }: TImport) => target !== null && above.some((dir) => inside(target, dir)) && !/\.test\.tsx?$/.test(file);
    const shared = ['components', 'lib', 'hooks', 'entities', 'types'].map((dir) => path.join(WEB, dir));
    expect(shared.flatMap((dir) => offending(dir, true, breaks))).toEqual([]);
  });
});

describe('shared test data', () => {
  it('is imported by tests and their fixture files only, so no app ships it', () => {
    const isTestCode = (file: string) => /\.test\.tsx?$|fixtures\.tsx?$/.test(file) || file.split(path.sep).some((part) => part === 'test' || part === 'testing');
    const breaks = ({ file, specifier }: TImport) => specifier === '@quayline/domain/testing' && !isTestCode(file);
    const roots = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/berth-optimizer/src'].map((dir) => path.join(REPO, dir));
    expect(roots.flatMap((dir) => offending(dir, false, breaks))).toEqual([]);
  });
});

describe('comments, tests and docs', () => {
  it('explain by reasons, never by an issue number', () => {
    // Built from parts, so this file does not match itself.
    const issueNumber = new RegExp(['\\bissues?', '\\s*#?\\d+'].join(''), 'i');
    const roots = ['apps', 'packages', 'docs', 'e2e', 'scripts'].map((dir) => path.join(REPO, dir));
    const files = [...roots.flatMap((dir) => filesUnder(dir, TEXT)), path.join(REPO, 'README.md')];
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (issueNumber.test(line) ? [`${shown(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
