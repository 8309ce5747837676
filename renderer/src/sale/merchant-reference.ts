// Digits and capitals without 0/O and 1/I, which are misread when a reference is read aloud
// over the phone. Exactly 32 symbols, so a random byte modulo 32 is unbiased.
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
// The same capitals alone: 24 symbols, so bytes from 240 up are drawn again to stay unbiased.
const letters = alphabet.replace(/\d/g, '');
const unbiasedLetterBytes = 256 - (256 % letters.length);

/**
 * A fresh merchant reference, `PD-YYYYMMDD-XXXXXX`: the local date groups a day's sales when
 * searching, and 6 random symbols (24 × 32⁵ ≈ 8e8 combinations) keep one terminal's
 * references unique. The first random symbol is always a letter: the 8-digit date and the
 * dash are followed by at most 0 digits before it, so no reference holds the 12-digit run the
 * card-data guard refuses (`PD-20261122-9562MX` would).
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
  let letterByte = randomBytes(1)[0]!;
  while (letterByte >= unbiasedLetterBytes) letterByte = randomBytes(1)[0]!;
  const rest = Array.from(randomBytes(5), (byte) => alphabet[byte % alphabet.length]).join('');
  return `PD-${date}-${letters[letterByte % letters.length]}${rest}`;
}
