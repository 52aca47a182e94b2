import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findQueueSchemaDrift, QUEUE_FUNCTIONS_USED, QUEUE_SCHEMA_USED } from '../../src/queue/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const root = join(import.meta.dirname, '../..');
const THE_ONE_MODULE = 'src/queue/graphile-schema.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe("graphile-worker's schema as this project uses it", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('has, in the installed version, every column read or written here with the expected type, and every function called', async () => {
    // If this fails after upgrading graphile-worker, its schema changed under the SQL of
    // src/queue/graphile-schema.ts: adapt that SQL (and QUEUE_SCHEMA_USED) before shipping.
    expect(await findQueueSchemaDrift(database.db)).toEqual([]);
  });

  it('names each missing column, each column of another type and each missing function', async () => {
    const schema = `gw_probe_${randomBytes(4).toString('hex')}`;
    await database.db.$executeRawUnsafe(`CREATE SCHEMA ${schema}`);
    // As if a new version had dropped updated_at, widened job_queue_id and renamed the view's run_at.
    await database.db.$executeRawUnsafe(`CREATE TABLE ${schema}._private_jobs (id bigint, job_queue_id bigint, run_at timestamptz,
      locked_by text, locked_at timestamptz, attempts smallint, max_attempts smallint)`);
    await database.db.$executeRawUnsafe(`CREATE TABLE ${schema}._private_job_queues (id integer, locked_by text, locked_at timestamptz)`);
    await database.db.$executeRawUnsafe(`CREATE VIEW ${schema}.jobs AS SELECT 'task'::text AS task_identifier, now() AS due_at,
      now() AS locked_at, 0::smallint AS attempts, 25::smallint AS max_attempts`);
    await database.db.$executeRawUnsafe(`CREATE FUNCTION ${schema}.add_job() RETURNS void LANGUAGE sql AS ''`);

    expect(await findQueueSchemaDrift(database.db, schema)).toEqual([
      { kind: 'other_type', table: '_private_jobs', column: 'job_queue_id', expected: 'integer', found: 'bigint' },
      { kind: 'missing_column', table: '_private_jobs', column: 'updated_at', expected: 'timestamp with time zone' },
      { kind: 'missing_column', table: 'jobs', column: 'run_at', expected: 'timestamp with time zone' },
      ...QUEUE_FUNCTIONS_USED.filter((name) => name !== 'add_job').map((name) => ({ kind: 'missing_function', name })),
    ]);
    expect(Object.keys(QUEUE_SCHEMA_USED)).toEqual(['_private_jobs', '_private_job_queues', 'jobs']);
  });

  it('is named by one module of src/ only', () => {
    const offenders = sourceFiles(join(root, 'src'))
      .map((path) => relative(root, path))
      .filter((path) => path !== THE_ONE_MODULE)
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            !/^\s*(\/\/|\*)/.test(line) && /graphile_worker\.(_private_\w+|jobs)\b/.test(line) ? [`${path}:${index + 1}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
