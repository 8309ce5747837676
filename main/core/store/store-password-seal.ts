import { z } from 'zod';
import type { SecretCipher } from '../settings/settings-storage';
import type { StoreConnection } from './store-connection';

/** The server a store password is for: who it is sent to, as whom, and how. */
export type StoreServer = Pick<
  StoreConnection,
  'host' | 'port' | 'database' | 'user' | 'tls' | 'caPem'
>;

/**
 * One text per server: a host differing only in case is the same server; anything else
 * (another address, port, database, role, TLS mode or trusted CA) is another.
 */
const serverKey = (server: StoreServer) =>
  JSON.stringify([
    server.host.toLowerCase(),
    server.port,
    server.database,
    server.user,
    server.tls,
    server.caPem ?? null,
  ]);

export const sameStoreServer = (a: StoreServer, b: StoreServer) => serverKey(a) === serverKey(b);

const sealedSchema = z.strictObject({ server: z.string(), password: z.string() });

/**
 * The store password is bound to its server the way gateway credentials are bound to their
 * origin (settings/gateway-binding.ts), but inside the OS cipher's output: store.json is
 * plain JSON anyone with the disk can edit, so a binding written beside the ciphertext
 * could be edited along with the host. Sealed together, the server the password was typed
 * for can only be read back, never changed.
 */
export async function sealStorePassword(
  cipher: SecretCipher,
  password: string,
  server: StoreServer,
): Promise<string> {
  return cipher.encrypt(JSON.stringify({ server: serverKey(server), password }));
}

export type UnsealedStorePassword =
  | { kind: 'bound'; password: string }
  /** Saved for another server, or before passwords were bound (its server is unknown). */
  | { kind: 'other-server' }
  /** Sealed on another machine or by another user: the OS key cannot open it here. */
  | { kind: 'unreadable' };

/** The password, only when `server` is the one it was saved for. */
export async function unsealStorePassword(
  cipher: SecretCipher,
  ciphertext: string,
  server: StoreServer,
): Promise<UnsealedStorePassword> {
  let plainText: string;
  try {
    plainText = (await cipher.decrypt(ciphertext)).plainText;
  } catch {
    return { kind: 'unreadable' };
  }
  let sealed: z.infer<typeof sealedSchema>;
  try {
    sealed = sealedSchema.parse(JSON.parse(plainText));
  } catch {
    return { kind: 'other-server' };
  }
  return sealed.server === serverKey(server)
    ? { kind: 'bound', password: sealed.password }
    : { kind: 'other-server' };
}
