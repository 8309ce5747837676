import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

const recordSchema = z.object({ version: z.string().min(1).max(32) });

/**
 * The version that last started completely on this counter, kept in `app-version.json` in
 * the data folder. It is written only after a start succeeded, so a start that failed (a
 * migration that could not run) is told apart from one that went through, and the update is
 * reported on the first start that does.
 */
export function versionRecord(path: string) {
  return {
    /** The version of the last complete start; null on a first install (or an unreadable file). */
    read(): string | null {
      try {
        const parsed = recordSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
        return parsed.success ? parsed.data.version : null;
      } catch {
        return null;
      }
    },
    write(version: string): void {
      // Renamed into place: a crash mid-write leaves the previous record, never half of one.
      const temporary = `${path}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version }));
      renameSync(temporary, path);
    },
  };
}
