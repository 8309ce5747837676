import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under a folder as one text (databases, journals and logs byte for byte), for
 * checks that something typed at the counter was written nowhere.
 */
export function filesText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) =>
      statSync(path).isDirectory() ? filesText(path) : readFileSync(path).toString('latin1'),
    )
    .join('\n');
}
