// Digits and capitals without 0/O and 1/I, which are misread when a reference is read aloud
// over the phone. Exactly 32 symbols, so a random byte modulo 32 is unbiased.
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A fresh merchant reference, `PD-YYYYMMDD-XXXXXX`: the local date groups a day's sales when
 * searching, and 6 random symbols (~1e9 combinations) keep one terminal's references unique.
 */
export function generateMerchantReference(
  now: Date,
  randomBytes: (length: number) => Uint8Array = (length) =>
    crypto.getRandomValues(new Uint8Array(length)),
): string {
  const date = [
    String(now.getFullYear()).padStart(4, '0'),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('');
  const suffix = Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join('');
  return `PD-${date}-${suffix}`;
}
