import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Arch, Platform, type Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuilderConfig, repoRoot } from './electron-builder-internals';

/**
 * What electron-builder writes for installed counters to update from, worked out by its own
 * code (app-builder-lib's updateInfoBuilder, which the packaging run calls for every
 * artifact) from our configuration: Windows and macOS cannot be packaged on this machine,
 * so each platform's packager is a stand-in carrying just what that code reads.
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));

interface UpdateInfoTask {
  file: string;
  info: { version: string; files: { url: string; sha512: string }[] };
  publishConfiguration: { provider: string };
}
const { createUpdateInfoTasks } = fromBuilder('app-builder-lib/out/publish/updateInfoBuilder') as {
  createUpdateInfoTasks(event: unknown, publishConfigs: unknown): Promise<UpdateInfoTask[]>;
};
/** How the packaging run resolves a platform's publish list before it writes update files. */
const { getPublishConfigs } = fromBuilder('app-builder-lib/out/publish/PublishManager') as {
  getPublishConfigs(packager: unknown, target: null, arch: Arch, errorIfCannot: boolean): unknown;
};

let config: Configuration;
let outDir: string;
beforeAll(async () => {
  config = await loadBuilderConfig(repoRoot, 'electron-builder.yml');
  outDir = await mkdtemp(join(tmpdir(), 'paydesk-update-files-'));
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

async function updateFilesFor(
  platform: Platform,
  options: Configuration['win'] | Configuration['mac'],
  artifact: string,
) {
  const file = join(outDir, artifact);
  await writeFile(file, `stand-in ${artifact}`);
  const appInfo = { version: '1.2.3', channel: null, updaterCacheDirName: 'paydesk-updater' };
  const info = {
    config,
    appInfo,
    metadata: { dependencies: { 'electron-updater': '6.8.10' } },
    repositoryInfo: Promise.resolve(null),
  };
  const packager = {
    platform,
    platformSpecificBuildOptions: options ?? {},
    config,
    appInfo,
    info,
    getResource: async () => null,
    expandMacro: (value: string) => value,
  };
  const tasks = await createUpdateInfoTasks(
    { packager, file, arch: Arch.x64, target: { outDir }, safeArtifactName: null },
    await getPublishConfigs(packager, null, Arch.x64, false),
  );
  return tasks.map((task) => ({
    file: relative(outDir, task.file),
    provider: task.publishConfiguration.provider,
    urls: task.info.files.map((entry) => entry.url),
    version: task.info.version,
  }));
}

describe('the update files a release carries', () => {
  it('latest.yml for the Windows installers, beside them and in the GitHub upload', async () => {
    const installer = 'Paydesk-1.2.3-win-x64.exe';
    expect(await updateFilesFor(Platform.WINDOWS, config.win, installer)).toEqual([
      { file: 'latest.yml', provider: 'generic', urls: [installer], version: '1.2.3' },
      { file: 'github/latest.yml', provider: 'github', urls: [installer], version: '1.2.3' },
    ]);
  });

  it('latest-mac.yml for the macOS ZIPs', async () => {
    const zip = 'Paydesk-1.2.3-mac-x64.zip';
    expect(await updateFilesFor(Platform.MAC, config.mac, zip)).toEqual([
      { file: 'latest-mac.yml', provider: 'generic', urls: [zip], version: '1.2.3' },
      { file: 'github/latest-mac.yml', provider: 'github', urls: [zip], version: '1.2.3' },
    ]);
  });
});
