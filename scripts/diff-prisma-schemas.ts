// Offline schema-to-schema diff with Prisma's own schema engine compiled to WebAssembly
// (@prisma/schema-engine-wasm, a dev dependency). The Prisma CLI's `migrate diff` needs a
// native engine downloaded from Prisma's servers, which cannot be reached here.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';

interface WasmSchemaEngine {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
}

interface SchemaEngineModule {
  __wbg_set_wasm(exports: Record<string, unknown>): void;
  SchemaEngine: { new: (options: unknown, log: (message: string) => void, adapter: object) => Promise<WasmSchemaEngine> };
}

// The project's lib settings (ES2023, no DOM) do not declare the WebAssembly global Node has.
const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }> };
};

let engineModule: Promise<SchemaEngineModule> | undefined;

/** Instantiates the wasm by hand: the package's entry imports a .wasm file, which Node cannot import. */
function loadSchemaEngine(): Promise<SchemaEngineModule> {
  engineModule ??= (async () => {
    const glue = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bindings = (await import(glue)) as SchemaEngineModule;
    const bytes = await readFile(path.join(path.dirname(glue), 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': bindings,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return engineModule;
}

/**
 * A stand-in database for the engine: it only asks for the server version when it starts,
 * and a schema-to-schema diff never touches a database. Anything else is refused loudly.
 */
function offlinePostgres(): SqlMigrationAwareDriverAdapterFactory {
  const refuse = (what: string) => () => Promise.reject(new Error(`offline diff: the schema engine unexpectedly tried to ${what}`));
  const adapter = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    queryRaw: async () => ({
      columnNames: ['exists', 'version', 'numeric_version'],
      columnTypes: [5, 7, 0],
      rows: [[true, 'PostgreSQL 16.0 (offline diff)', 160000]],
    }),
    executeRaw: refuse('write to the database'),
    executeScript: refuse('run a script on the database'),
    startTransaction: refuse('open a transaction'),
    getConnectionInfo: () => ({ schemaName: 'public', supportsRelationJoins: true }),
    dispose: async () => undefined,
  } as unknown as SqlDriverAdapter;
  return { provider: 'postgres', adapterName: '@prisma/adapter-pg', connect: async () => adapter, connectToShadowDb: async () => adapter };
}

/**
 * The SQL that turns a database matching schema `from` into one matching schema `to`
 * (both Prisma schema texts; `from` null means an empty database), as `prisma migrate diff
 * --script` would print it. Empty when nothing changes. Only what Prisma models: CHECK and
 * EXCLUDE constraints and partial indexes are never part of it.
 */
export async function diffPrismaSchemas(from: string | null, to: string): Promise<string> {
  const bindings = await loadSchemaEngine();
  const logs: string[] = [];
  const engine = await bindings.SchemaEngine.new(
    { datamodels: [['schema.prisma', to]] },
    (line) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(offlinePostgres()),
  );
  const source = (schema: string | null) =>
    schema === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: schema }] };
  const result = await engine.diff({
    from: source(from),
    to: source(to),
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = (result.stdout ?? '').trim();
  return sql === '-- This is an empty migration.' ? '' : sql;
}
