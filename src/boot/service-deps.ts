import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Clock, Logger } from '../shared/index.js';

/** What every component factory receives at boot. Tests build the same object by hand. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  /** URL of the database actually in use (the embedded one when DATABASE_URL is unset). */
  databaseUrl: string;
  logger: Logger;
  clock: Clock;
}
