// `npm run tenant -- <command>`: tenant administration for operators.
import { pino } from 'pino';
import { revokeApiKey } from '../auth/index.js';
import { type Config, ConfigError } from '../config/index.js';
import { keyringFromConfig, sealStoredTokens } from '../credentials/index.js';
import { EmbeddedPostgresInUseError } from '../db/index.js';
import { createLogger, systemClock } from '../shared/index.js';
import { formatApiKeyNotice, importTenant, listTenants, readTenantFile, type TenantFile } from '../tenant/index.js';
import { devSecretsNotice } from './dev-secrets-notice.js';
import { formatImportChanges } from './format-import-changes.js';
import { loadCliConfig } from './load-cli-config.js';
import { type CliDatabase, openCliDatabase } from './open-cli-database.js';
import { parseTenantArgs, type TenantCommand } from './parse-tenant-args.js';
import { checkStaffArgs, runStaffCommand } from './run-staff-command.js';

const USAGE = `usage: npm run tenant -- <command>

  import FILE.json [--new-key] [--expires-in-days N]
                       create or update a tenant from a tenant file; a new tenant's admin API key is
                       printed once. Re-importing mints no key unless --new-key; --expires-in-days
                       makes the key minted now stop working after N days
  list                 list tenants (slug, phone number id, sandbox or live, active key prefixes)
  revoke-key PREFIX    revoke the admin API key with this prefix (see "list")
  staff add SLUG EMAIL NAME [--role owner|attendant]
                       create a web console account; prints its initial password once
  staff list SLUG | disable SLUG EMAIL | enable SLUG EMAIL | reset-password SLUG EMAIL | role SLUG EMAIL ROLE
                       manage console accounts (see "staff --help")
  reencrypt-tokens     seal every WhatsApp access token with the first key of CREDENTIALS_KEY
                       (after adding a new key in front; then the old key can be removed)

Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (default .data) like npm start.
Exit codes: 0 ok, 1 invalid tenant file or unknown key, 2 usage or configuration, 3 database unavailable or other failure.`;

const EXIT = { ok: 0, invalid: 1, usage: 2, database: 3 } as const;

/** Runs one command and resolves to the process exit code; operator messages go to stdout/stderr. */
async function run(args: string[]): Promise<number> {
  const command: TenantCommand | { kind: 'staff' } = args[0] === 'staff' ? { kind: 'staff' } : parseTenantArgs(args);
  if (command.kind === 'staff') {
    const staffArgs = checkStaffArgs(args.slice(1));
    if (staffArgs !== 'ok') return staffArgs === 'help' ? EXIT.ok : EXIT.usage;
  }
  if (command.kind === 'usage') {
    // Asked for (--help, help): the usage on stdout and exit 0; no command or a mistake: stderr and 2.
    if (!command.problem && args.length > 0) {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    process.stderr.write(`${command.problem ? `${command.problem}\n\n` : ''}${USAGE}\n`);
    return EXIT.usage;
  }
  const config = loadCliConfig();
  if (!config) return EXIT.usage;
  // Logs go to stderr and stay quiet, so stdout carries only what the operator asked for.
  const logger = createLogger(
    config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? config.LOG_LEVEL : 'warn',
    undefined,
    pino.destination(2),
  );

  let tenantFile: TenantFile | undefined;
  if (command.kind === 'import') {
    // Validate before touching the database: a bad file is answered at once, and nothing is written.
    const file = await readTenantFile(command.file);
    if (!file.ok) {
      process.stderr.write(
        `${command.file}: refused, nothing was imported (${file.problems.length} problem${file.problems.length > 1 ? 's' : ''}):\n`,
      );
      for (const problem of file.problems) process.stderr.write(`  - ${problem}\n`);
      return EXIT.invalid;
    }
    tenantFile = file.file;
  }

  let database: CliDatabase;
  try {
    database = await openCliDatabase(config, logger);
  } catch (error) {
    const reason =
      error instanceof EmbeddedPostgresInUseError
        ? error.message
        : `cannot open the database: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${reason}\n`);
    return EXIT.database;
  }
  try {
    switch (command.kind) {
      case 'staff':
        return await runStaffCommand(database.db, args.slice(1));
      case 'import':
        return await runImport(database, tenantFile, config, command);
      case 'list':
        return await runList(database);
      case 'revoke-key':
        return await runRevoke(database, command.prefix);
      case 'reencrypt-tokens':
        return await runReencrypt(database, config);
    }
  } finally {
    await database.close();
  }
}

async function runReencrypt(database: CliDatabase, config: Config): Promise<number> {
  try {
    const outcome = await sealStoredTokens(database.db, keyringFromConfig(config), { rotate: true });
    process.stdout.write(
      `${outcome.tokens} access token(s): ${outcome.sealed} plain sealed, ${outcome.resealed} re-sealed with key "${keyringFromConfig(config).currentKeyId ?? '-'}"\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return EXIT.usage;
  }
}

async function runImport(
  database: CliDatabase,
  file: TenantFile | undefined,
  config: Config,
  command: Extract<TenantCommand, { kind: 'import' }>,
): Promise<number> {
  const outcome = await importTenant(database.db, file, {
    keyring: keyringFromConfig(config),
    newKey: command.newKey,
    keyExpiresInDays: command.expiresInDays,
    actor: { kind: 'cli' },
  });
  if (outcome.kind === 'refused') {
    process.stderr.write('refused, nothing was imported:\n');
    for (const problem of outcome.problems) process.stderr.write(`  - ${problem}\n`);
    return EXIT.invalid;
  }
  process.stdout.write(`Tenant "${outcome.slug}" ${outcome.created ? 'created' : 'updated'} (id ${outcome.tenantId}).\n`);
  if (!outcome.created) process.stdout.write(formatImportChanges(outcome.changes));
  if (outcome.apiKey) {
    process.stdout.write(formatApiKeyNotice(outcome.slug, outcome.apiKey));
    if (outcome.apiKeyExpiresAt) process.stdout.write(`It expires at ${outcome.apiKeyExpiresAt.toISOString()}.\n`);
  } else {
    process.stdout.write('No new admin API key (the existing ones keep working); pass --new-key to mint one.\n');
  }
  const notice = devSecretsNotice(config, Boolean(file?.whatsapp.accessToken));
  if (notice) process.stderr.write(notice);
  return EXIT.ok;
}

async function runList(database: CliDatabase): Promise<number> {
  const tenants = await listTenants(database.db);
  if (tenants.length === 0) process.stdout.write('no tenants yet: npm run tenant -- import FILE.json\n');
  for (const tenant of tenants) {
    process.stdout.write(
      `${tenant.id}\t${tenant.slug}\t${tenant.name}\t${tenant.timezone}\tphone ${tenant.phoneNumberId}\t${tenant.sandbox ? 'sandbox' : 'live'}\t` +
        `${tenant.activeServices} services, ${tenant.activeProfessionals} professionals\tkeys: ${tenant.activeKeyPrefixes.join(', ') || '(none)'}\n`,
    );
  }
  return EXIT.ok;
}

async function runRevoke(database: CliDatabase, prefix: string): Promise<number> {
  const outcome = await revokeApiKey(database.db, prefix, systemClock);
  switch (outcome.kind) {
    case 'revoked':
      process.stdout.write(`revoked key ${outcome.prefix} of tenant "${outcome.tenantSlug}"\n`);
      return EXIT.ok;
    case 'not_found':
      process.stderr.write(`no active key with prefix ${outcome.prefix}\n`);
      return EXIT.invalid;
    case 'ambiguous':
      process.stderr.write(
        `prefix ${outcome.prefix} matches keys of several tenants (${outcome.tenantSlugs.join(', ')}); nothing revoked\n`,
      );
      return EXIT.invalid;
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`tenant command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(EXIT.database);
  },
);
