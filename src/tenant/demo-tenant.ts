import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { plainOnlyKeyring } from '../credentials/index.js';
import type { Db } from '../db/index.js';
import { type ImportTenantOutcome, importTenant } from './import-tenant.js';

/** scripts/demo-tenant.json; the same relative path from src/tenant and dist/tenant. */
const DEMO_TENANT_FILE = path.resolve(import.meta.dirname, '../../scripts/demo-tenant.json');

/**
 * Imports the demo salon when the database has no tenant at all (a fresh embedded
 * database); returns undefined, writing nothing, when any tenant exists. Throws when the
 * demo file is missing or invalid: that is a packaging bug, not an operator mistake.
 */
export async function importDemoTenantIfNoTenants(
  db: Db,
  filePath = DEMO_TENANT_FILE,
): Promise<Extract<ImportTenantOutcome, { kind: 'imported' }> | undefined> {
  if ((await db.tenant.count()) > 0) return undefined;
  // The demo is a sandbox (no access token): nothing to seal.
  const outcome = await importTenant(db, JSON.parse(await readFile(filePath, 'utf8')), { keyring: plainOnlyKeyring });
  if (outcome.kind === 'refused') throw new Error(`demo tenant file ${filePath} is invalid:\n  ${outcome.problems.join('\n  ')}`);
  return outcome;
}
