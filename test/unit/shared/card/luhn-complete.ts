// Builds Luhn-valid test numbers independently of the code under test, so a broken
// luhnValid cannot also break the numbers its tests feed it.
const doubled = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

/** `prefix` padded with `fill` digits to length - 1, then the Luhn check digit appended. */
export const completeWithLuhn = (prefix: string, length: number, fill = '0'): string => {
  const body = prefix.padEnd(length - 1, fill).slice(0, length - 1);
  const sum = [...body]
    .reverse()
    .reduce((total, char, i) => total + (i % 2 === 0 ? doubled[Number(char)]! : Number(char)), 0);
  return body + String((10 - (sum % 10)) % 10);
};
