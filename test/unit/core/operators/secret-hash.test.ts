import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from '../../../../main/core/platform/constant-time';
import {
  hashSecret,
  kdfParams,
  parseStoredHash,
  verifySecret,
} from '../../../../main/core/operators/secret-hash';
import { credentialKind } from '../../../../main/core/operators/secret-rules';

describe('operator secrets at rest', () => {
  it('uses scrypt N=2^16, r=8, p=1 with a 16-byte salt, stored beside the hash', async () => {
    const stored = await hashSecret('246810');
    const parsed = parseStoredHash(stored);
    expect(stored.startsWith(`scrypt$65536$8$1$`)).toBe(true);
    expect(parsed?.params).toEqual({ N: 65536, r: 8, p: 1 });
    expect(parsed?.salt).toHaveLength(kdfParams.saltLength);
    expect(parsed?.key).toHaveLength(32);
    expect(stored).not.toContain('246810');
  });

  it('salts each operator: one PIN hashes differently twice, and both verify', async () => {
    const [a, b] = await Promise.all([hashSecret('246810'), hashSecret('246810')]);
    expect(a).not.toBe(b);
    expect(await verifySecret('246810', a)).toBe(true);
    expect(await verifySecret('246810', b)).toBe(true);
    expect(await verifySecret('246811', a)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, not the current ones', async () => {
    // A hash made with lighter parameters (an older Paydesk) still verifies after an upgrade.
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('135790', salt, 32, { N: 1024, r: 8, p: 1 });
    const old = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifySecret('135790', old)).toBe(true);
    expect(await verifySecret('135791', old)).toBe(false);
  });

  it.each(['', 'bcrypt$1$2$3$4$5', 'scrypt$x$8$1$AAAA$AAAA', 'scrypt$1024$8$1$$'])(
    'refuses a stored value that is not ours: %j',
    async (stored) => {
      expect(await verifySecret('246810', stored)).toBe(false);
    },
  );

  it('compares in constant time and answers false (not a throw) for other lengths', () => {
    expect(constantTimeEqual(Buffer.from('abcd'), Buffer.from('abcd'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abcd'), Buffer.from('abce'))).toBe(false);
    expect(constantTimeEqual(Buffer.from('abcd'), Buffer.from('abcde'))).toBe(false);
  });

  it.each([
    ['123456', 'pin'],
    ['123456789012', 'pin'],
    ['12345', null],
    ['1234567890123', null],
    ['correct horse', 'password'],
    ['short', null],
  ])('%j is a %s', (secret, kind) => {
    expect(credentialKind(secret)).toBe(kind);
  });
});
