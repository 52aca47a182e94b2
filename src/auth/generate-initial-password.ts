import { randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/l/I), so it can be read aloud or copied by hand at the front desk.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A one-time password of four dash-separated groups (about 94 bits), printed once by `staff add`. */
export function generateInitialPassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}
