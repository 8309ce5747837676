/** A PIN is 6 to 12 digits; anything else must be a password of 8 to 128 characters. */
export function credentialKind(secret: string): 'pin' | 'password' | null {
  if (/^\d+$/.test(secret)) return secret.length >= 6 && secret.length <= 12 ? 'pin' : null;
  return secret.length >= 8 && secret.length <= 128 ? 'password' : null;
}
