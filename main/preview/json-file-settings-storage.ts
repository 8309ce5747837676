import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { err, ok } from '../../shared/result';
import type { SettingsStorage } from '../core/settings/settings-storage';

/**
 * The host's settings file: plain JSON like electron-store writes, so tests can corrupt or
 * tamper with it between launches exactly as a user (or an attacker) could on disk.
 */
export function createJsonFileSettingsStorage(path: string): SettingsStorage {
  return {
    read() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return ok(undefined);
      }
      try {
        return ok(JSON.parse(text) as unknown);
      } catch {
        return err('unreadable');
      }
    },
    write(value) {
      writeFileSync(`${path}.tmp`, JSON.stringify(value, null, 2));
      renameSync(`${path}.tmp`, path);
    },
  };
}
