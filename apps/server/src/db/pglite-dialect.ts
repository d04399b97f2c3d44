// Kysely dialect for PGlite. PGlite is one connection, so the driver hands it out to one user at a time;
// that keeps a transaction's statements from interleaving with other requests.
import { type PGlite, type Results, parse as pgliteParse, protocol } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  /** Holders and waiters; read by the metrics (one holder at most, the rest wait). */
  pending = 0;
  lock(): Promise<() => void> {
    let release!: () => void;
    this.pending++;
    let isReleased = false;
    const next = new Promise<void>((resolve) => {
      release = () => {
        if (!isReleased) this.pending--;
        isReleased = true;
        resolve();
      };
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

function isMultiStatement(text: string): boolean {
  return /;\s*\S/.test(text.trim().replace(/;\s*$/, '') + ';');
}

type TPrepared = { name: string; paramTypes: number[] };
// PGlite's internals that `query()` uses to turn values into text by parameter type; the same are used here.
type TPGliteTypes = { serializers: Record<number, (value: unknown) => string>; parsers: Record<number, (text: string, typeId?: number) => unknown> };

/** Error code PostgreSQL answers when a prepared statement's result columns changed under it (a migration). */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * Named prepared statements on PGlite's one backend. `PGlite.query()` parses and plans every call (the unnamed
 * statement); planning the folded port-call read took about 5 ms in WebAssembly against 0.6 ms to run it
 * (docs/performance.md, "The API under load"). Statements are kept per SQL text, least recently used first out,
 * and closed when dropped, since each holds its plan in the backend's memory.
 */
class PreparedStatements {
  readonly #byText = new Map<string, TPrepared>();
  #counter = 0;
  constructor(
    private readonly pg: PGlite,
    private readonly capacity = 256,
  ) {}

  async query<R>(text: string, values: readonly unknown[], isInTransaction: boolean): Promise<Results<R>> {
    try {
      return await this.#run<R>(text, values, isInTransaction);
    } catch (error) {
      // A migration changed a table under a kept statement; plan it afresh once.
      if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED || isInTransaction) throw error;
      await this.#forget(text);
      return this.#run<R>(text, values, isInTransaction);
    }
  }

  async #run<R>(text: string, values: readonly unknown[], isInTransaction: boolean): Promise<Results<R>> {
    const { serialize } = protocol;
    return this.pg.runExclusive(async () => {
      const messages = [];
      try {
        const statement = await this.#prepared(text);
        const types = this.pg as unknown as TPGliteTypes;
        const serialized = values.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = types.serializers[statement.paramTypes[i]!];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(...(await this.pg.execProtocol(serialize.bind({ statement: statement.name, values: serialized }), { syncToFs: false })).messages);
        messages.push(...(await this.pg.execProtocol(serialize.describe({ type: 'P' }), { syncToFs: false })).messages);
        messages.push(...(await this.pg.execProtocol(serialize.execute({}), { syncToFs: false })).messages);
      } finally {
        messages.push(...(await this.pg.execProtocol(serialize.sync(), { syncToFs: false })).messages);
      }
      if (!isInTransaction) await this.pg.syncToFs();
      return pgliteParse.parseResults(messages, (this.pg as unknown as TPGliteTypes).parsers)[0] as Results<R>;
    });
  }

  async #prepared(text: string): Promise<TPrepared> {
    const kept = this.#byText.get(text);
    if (kept) {
      this.#byText.delete(text);
      this.#byText.set(text, kept);
      return kept;
    }
    const { serialize } = protocol;
    const name = `ql_${++this.#counter}`;
    await this.pg.execProtocol(serialize.parse({ name, text, types: [] }), { syncToFs: false });
    const described = await this.pg.execProtocol(serialize.describe({ type: 'S', name }), { syncToFs: false });
    const statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(described.messages) };
    this.#byText.set(text, statement);
    if (this.#byText.size > this.capacity) {
      const [oldestText, oldest] = this.#byText.entries().next().value as [string, TPrepared];
      this.#byText.delete(oldestText);
      await this.pg.execProtocol(serialize.close({ type: 'S', name: oldest.name }), { syncToFs: false });
    }
    return statement;
  }

  async #forget(text: string): Promise<void> {
    const kept = this.#byText.get(text);
    if (!kept) return;
    this.#byText.delete(text);
    await this.pg.runExclusive(async () => {
      await this.pg.execProtocol(protocol.serialize.close({ type: 'S', name: kept.name }), { syncToFs: false });
      await this.pg.execProtocol(protocol.serialize.sync(), { syncToFs: false });
    });
  }
}

/**
 * PGlite runs in this thread and answers at once, so statement after statement resolves without the event loop ever
 * turning: timers (the readiness probe's 2 s limit) and sockets (other requests, the probe itself) wait for the whole
 * series. A pause this often lets them in; other requests' statements still wait for the one connection.
 */
const YIELD_EVERY_MS = 50;

class PGliteConnection implements DatabaseConnection {
  readonly #prepared: PreparedStatements;
  #lastYieldAt = performance.now();
  /** Set by the driver between begin and commit/rollback: PGlite's own query() skips the file sync there too. */
  isInTransaction = false;
  constructor(
    private readonly pg: PGlite,
    statementCapacity?: number,
  ) {
    this.#prepared = new PreparedStatements(pg, statementCapacity);
  }
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (performance.now() - this.#lastYieldAt > YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.#lastYieldAt = performance.now();
    }
    // Migrations send several statements in one text; only the simple protocol (exec) accepts that.
    if (compiled.parameters.length === 0 && isMultiStatement(compiled.sql)) {
      const results = await this.pg.exec(compiled.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const result =
      compiled.parameters.length > 0
        ? await this.#prepared.query<R>(compiled.sql, compiled.parameters, this.isInTransaction)
        : await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && compiled.query.kind !== 'SelectQueryNode' ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(
    private readonly pg: PGlite,
    statementCapacity?: number,
  ) {
    this.#connection = new PGliteConnection(pg, statementCapacity);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
    this.#connection.isInTransaction = true;
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    this.#connection.isInTransaction = false;
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    this.#connection.isInTransaction = false;
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.#releases.get(conn)?.();
  }
  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
  /** Users holding or waiting for the one connection. */
  get pending(): number {
    return this.#mutex.pending;
  }
}

export class PGliteDialect implements Dialect {
  #driver: PGliteDriver | null = null;
  /** `statementCapacity`: prepared statements kept on the backend (tests make it small). */
  constructor(
    private readonly pg: PGlite,
    private readonly options: { statementCapacity?: number } = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.pg, this.options.statementCapacity);
    return this.#driver;
  }
  /** Users holding or waiting for the connection (0 before the first query). */
  get pending(): number {
    return this.#driver?.pending ?? 0;
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
