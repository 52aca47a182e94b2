import { type Config, ConfigError, loadConfig } from '../config/index.js';

/**
 * The service config for a command-line tool, or undefined after writing the reason
 * (which variable is missing or invalid) to stderr, so the command can exit with its
 * usage code instead of a stack trace. Errors other than bad configuration are thrown.
 */
export function loadCliConfig(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
