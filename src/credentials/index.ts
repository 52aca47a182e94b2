export { createKeyring, DEV_KEY_ID, type Keyring, plainOnlyKeyring } from './keyring.js';
export { keyringFromConfig } from './keyring-from-config.js';
export { type SealStoredTokensOutcome, sealStoredTokens } from './seal-stored-tokens.js';
