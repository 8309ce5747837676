import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Configuration } from 'electron-builder';

/**
 * electron-builder's own configuration loader (with `extends` merging) and schema check, and
 * the asar reader it packs with. They live in its dependency app-builder-lib, reached through
 * electron-builder's module resolution so the tests use the copies `electron-builder` runs.
 */
const fromTests = createRequire(import.meta.url);
const fromBuilder = createRequire(fromTests.resolve('electron-builder'));
const fromBuilderLib = createRequire(fromBuilder.resolve('app-builder-lib'));

interface DebugLogger {
  readonly isEnabled: boolean;
  add(key: string, value: unknown): void;
}

interface ConfigModule {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: DebugLogger): Promise<void>;
}

interface AsarModule {
  listPackage(archive: string, options: { isPack: boolean }): string[];
}

const configModule = fromBuilder('app-builder-lib/out/util/config/config') as ConfigModule;

export const asar = fromBuilderLib('@electron/asar') as AsarModule;

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const silentDebugLogger: DebugLogger = { isEnabled: false, add: () => undefined };

/** Throws electron-builder's own "Invalid configuration object" error for a bad config. */
export function validateBuilderConfig(config: Configuration): Promise<void> {
  return configModule.validateConfiguration(config, silentDebugLogger);
}

/** Loads `file` (relative to `projectDir`) as electron-builder would, parents merged, validated. */
export async function loadBuilderConfig(projectDir: string, file: string): Promise<Configuration> {
  const config = await configModule.getConfig(projectDir, file, null);
  await validateBuilderConfig(config);
  return config;
}
