import { type Config, parseCredentialsKey } from '../config/index.js';
import { createKeyring, type Keyring } from './keyring.js';

/** The service's keyring: CREDENTIALS_KEY, plus the derived development key only under NODE_ENV=development/test. */
export function keyringFromConfig(config: Pick<Config, 'CREDENTIALS_KEY' | 'isDevelopment'>): Keyring {
  return createKeyring(config.CREDENTIALS_KEY ? parseCredentialsKey(config.CREDENTIALS_KEY) : undefined, {
    allowDevKey: config.isDevelopment,
  });
}
