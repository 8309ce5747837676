import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** PostgreSQL's default (`scram_iterations`), as libpq's `pg_fe_scram_build_secret` uses. */
export const scramIterations = 4096;

/**
 * RFC 4013's mapping and normalisation, the steps node-postgres applies to the password
 * before its SCRAM proof (pg/lib/crypto/sasl.js): the verifier must be built from the same
 * bytes the counter's client will derive its proof from, or a password with a no-break space
 * or a ligature would never log in.
 */
function saslPrepared(password: string): string {
  const nonAsciiSpace = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g;
  // RFC 3454 B.1 lists joiners and variation selectors on purpose: they are what it removes.
  const mappedToNothing =
    // eslint-disable-next-line no-misleading-character-class
    /[\u00AD\u034F\u1806\u180B\u180C\u180D\u200C\u200D\u2060\uFE00-\uFE0F\uFEFF]/g;
  return password.replace(nonAsciiSpace, ' ').replace(mappedToNothing, '').normalize('NFKC');
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, RFC 7677):
 * `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, base64 each. Sent in place of
 * the password in CREATE/ALTER ROLE, the server keeps it as is, so the password itself never
 * reaches the server, its statement log or pg_stat_statements. What it lets a reader do is
 * what the server's own copy lets them do: try guesses at 4,096 PBKDF2 rounds each.
 */
export function scramSha256Verifier(
  password: string,
  options: { salt?: Buffer; iterations?: number } = {},
): string {
  const salt = options.salt ?? randomBytes(16);
  const iterations = options.iterations ?? scramIterations;
  const salted = pbkdf2Sync(saslPrepared(password), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  const b64 = (bytes: Buffer) => bytes.toString('base64');
  return `SCRAM-SHA-256$${iterations}:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}
