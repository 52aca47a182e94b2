const ENTRY = /^([A-Za-z0-9_-]{1,16}):([A-Za-z0-9+/_-]+={0,2})$/;

export interface CredentialsKeyEntry {
  id: string;
  /** 32 bytes: an AES-256 key */
  key: Buffer;
}

/**
 * Parses `CREDENTIALS_KEY`: comma-separated `id:base64key` entries, newest first. The first
 * encrypts; every entry decrypts (so a rotated-out key keeps working until
 * `npm run tenant -- reencrypt-tokens` has moved every token to the first one).
 * Each key is 32 random bytes in base64 (`openssl rand -base64 32`).
 */
export function parseCredentialsKey(value: string): CredentialsKeyEntry[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = ENTRY.exec(entry);
      return { id: match?.[1] ?? '', key: Buffer.from(match?.[2] ?? '', 'base64') };
    });
}

/** Why `value` is not a valid CREDENTIALS_KEY (never quoting the key), or undefined. */
export function credentialsKeyProblem(value: string): string | undefined {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return 'expected id:base64key entries, newest first';
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const match = ENTRY.exec(entry);
    if (!match) return `entry ${index + 1}: expected id:base64key (id of letters, digits, _ or -, at most 16)`;
    if (Buffer.from(match[2]!, 'base64').length !== 32)
      return `entry ${index + 1} (${match[1]}): the key must be 32 bytes in base64 (openssl rand -base64 32)`;
    if (ids.has(match[1]!)) return `entry ${index + 1}: key id ${match[1]} appears twice`;
    ids.add(match[1]!);
  }
  return undefined;
}
