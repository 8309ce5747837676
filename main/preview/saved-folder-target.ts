import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { SaveTarget } from '../core/ports';

/**
 * The preview's save "dialog": the data dir's `saved` folder, under the offered name or,
 * when a file of that name is there already, the first free `name (2).csv`, `name (3).csv`…
 * A save never replaces an earlier file; the screen names the file it wrote.
 */
export function savedFolderTarget(dir: string): SaveTarget {
  return {
    async choosePath({ defaultName }) {
      const ext = extname(defaultName);
      const stem = defaultName.slice(0, defaultName.length - ext.length);
      let path = join(dir, defaultName);
      for (let n = 2; existsSync(path); n += 1) path = join(dir, `${stem} (${n})${ext}`);
      return path;
    },
  };
}
