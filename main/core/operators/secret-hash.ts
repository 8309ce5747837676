import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { constantTimeEqual } from '../platform/constant-time';

/**
 * Operator PINs and passwords at rest: scrypt with N=2^16, r=8, p=1 (about 165 ms here, so
 * guessing a 6-digit PIN from a stolen file costs days per operator), a 16-byte salt per
 * operator, and the parameters written next to the hash so they can be raised later
 * without invalidating what is stored: `scrypt$N$r$p$salt$hash` (base64).
 */
export const kdfParams = { N: 2 ** 16, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export interface KdfParams {
  N: number;
  r: number;
  p: number;
}

function derive(secret: string, salt: Buffer, params: KdfParams, keyLength: number) {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N=2^16.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a new secret with the current parameters and a fresh salt. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(kdfParams.saltLength);
  const key = await derive(secret, salt, kdfParams, kdfParams.keyLength);
  const { N, r, p } = kdfParams;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The parameters a stored hash was made with, or null if it is not ours. */
export function parseStoredHash(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when `secret` matches the stored hash (with the parameters stored beside it). */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const key = await derive(secret, parsed.salt, parsed.params, parsed.key.length);
  return constantTimeEqual(key, parsed.key);
}

/**
 * The key a stored hash's parameters and salt (`scrypt$N$r$p$salt`, without the key) give
 * `secret`, base64: how a counter answers the store for a secret the store kept from before
 * it hashed secrets itself (store step 12). Null for parameters that are not ours.
 */
export async function scryptKeyFor(secret: string, params: string): Promise<string | null> {
  const parsed = parseStoredHash(`${params}$AA==`);
  if (!parsed) return null;
  const key = await derive(secret, parsed.salt, parsed.params, kdfParams.keyLength);
  return key.toString('base64');
}

let decoy: Promise<string> | null = null;

/**
 * A hash of nothing anyone can type: an unknown operator ID is checked against it, so a
 * wrong ID takes as long as a wrong PIN and the answer time does not tell which IDs exist.
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret(randomBytes(16).toString('hex'));
  return decoy;
}
