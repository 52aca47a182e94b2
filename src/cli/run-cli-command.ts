import { ConfigError } from '../config/index.js';
import { EmbeddedPostgresInUseError } from '../db/index.js';

/** A command's expected failure: its message is printed as it is, with exit code 1 (could not do it) or 2 (bad arguments). */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/**
 * Runs a command's `main` and sets the process exit code from how it ends: an expected
 * failure (CliFailure, a bad configuration, the embedded cluster held by the running
 * server) prints its message; an option `parseArgs` refuses prints it with the usage and
 * exits 2; anything else prints "<name> failed: …" and exits 1.
 */
export function runCliCommand(name: string, usage: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof CliFailure || error instanceof ConfigError || error instanceof EmbeddedPostgresInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = error instanceof CliFailure ? error.exitCode : 1;
      return;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${error.message}\n${usage}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
