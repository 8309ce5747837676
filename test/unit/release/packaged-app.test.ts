import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, Platform, build } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asar, repoRoot } from './electron-builder-internals';

/**
 * Runs the real electron-builder with our real configuration files on a Linux "dir" target,
 * the one platform this machine can package. The Electron binary cannot be downloaded here,
 * so a stand-in carries what electron-builder and @electron/fuses touch: the fuse wire
 * behind its sentinel, with Electron's factory settings. Then we read back what was packed.
 */

/** The marker Electron binaries carry in front of the fuse wire (see @electron/fuses). */
const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's factory fuse wire (one byte per fuse, in FuseV1Options order). */
const factoryWire = '101100010';

const wireNames = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));

async function writeStandInElectron(distDir: string, version: string): Promise<void> {
  await mkdir(join(distDir, 'resources'), { recursive: true });
  const header = Buffer.from([1, factoryWire.length]);
  const binary = Buffer.concat([
    Buffer.alloc(4096, 0x7f),
    Buffer.from(fuseSentinel),
    header,
    Buffer.from(factoryWire),
    Buffer.alloc(4096, 0x7f),
  ]);
  await writeFile(join(distDir, 'electron'), binary, { mode: 0o755 });
  await writeFile(join(distDir, 'version'), version);
}

/** A production dependency, shipped the way zod ships: JavaScript beside its TypeScript. */
const dependency = { name: 'stand-in-dependency', version: '1.0.0' };

/**
 * What electron-vite leaves in out/, a dependency in node_modules, and sources, tests, maps
 * and TypeScript that must stay out of the package.
 */
const projectFiles = [
  'out/main/index.js',
  'out/main/index.js.map',
  'out/preload/index.cjs',
  'out/renderer/index.html',
  'out/renderer/assets/index.js',
  'out/renderer/assets/index.js.map',
  'main/index.ts',
  'test/unit/example.test.ts',
  'docs/release.md',
  `node_modules/${dependency.name}/index.js`,
  `node_modules/${dependency.name}/index.js.map`,
  `node_modules/${dependency.name}/src/index.ts`,
];

async function writeProject(projectDir: string, electronDist: string, electronVersion: string) {
  const real = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const { name, productName, version, main, type } = real;
  const dependencies = { [dependency.name]: dependency.version };
  const manifest = { name, productName, version, main, type, description: 'test', dependencies };
  await writeFile(join(projectDir, 'package.json'), JSON.stringify(manifest));
  const dependencyManifest = { ...dependency, main: 'index.js' };
  await mkdir(join(projectDir, 'node_modules', dependency.name), { recursive: true });
  await writeFile(
    join(projectDir, 'node_modules', dependency.name, 'package.json'),
    JSON.stringify(dependencyManifest),
  );
  for (const file of projectFiles) {
    await mkdir(dirname(join(projectDir, file)), { recursive: true });
    await writeFile(join(projectDir, file), `// ${file}\n`);
  }
  for (const config of ['electron-builder.yml', 'electron-builder.e2e.yml']) {
    await copyFile(join(repoRoot, config), join(projectDir, config));
  }
  for (const flavour of ['electron-builder.yml', 'electron-builder.e2e.yml']) {
    const wrapper = `extends: ${flavour}\nelectronDist: ${JSON.stringify(electronDist)}\n`;
    await writeFile(
      join(projectDir, `test-${flavour}`),
      `${wrapper}electronVersion: ${electronVersion}\n`,
    );
  }
}

async function packLinuxDir(projectDir: string, flavour: string): Promise<void> {
  await build({
    projectDir,
    config: `test-${flavour}`,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
  });
}

async function fuses(executable: string): Promise<Record<string, 'on' | 'off' | 'other'>> {
  const wire = await getCurrentFuseWire(executable);
  return Object.fromEntries(
    wireNames.map((name) => {
      const state = wire[FuseV1Options[name as keyof typeof FuseV1Options]];
      return [
        name,
        state === FuseState.ENABLE ? 'on' : state === FuseState.DISABLE ? 'off' : 'other',
      ];
    }),
  );
}

const shippedFuses = {
  RunAsNode: 'off',
  EnableCookieEncryption: 'on',
  EnableNodeOptionsEnvironmentVariable: 'off',
  EnableNodeCliInspectArguments: 'off',
  EnableEmbeddedAsarIntegrityValidation: 'on',
  OnlyLoadAppFromAsar: 'on',
  GrantFileProtocolExtraPrivileges: 'off',
  // Untouched factory setting (see the comment in electron-builder.yml).
  LoadBrowserProcessSpecificV8Snapshot: 'off',
  WasmTrapHandlers: 'off',
};

describe(
  'packaging with electron-builder (Linux dir target, stand-in Electron)',
  { timeout: 120_000 },
  () => {
    let workDir: string;
    let projectDir: string;

    beforeAll(async () => {
      workDir = await mkdtemp(join(tmpdir(), 'paydesk-packaging-'));
      projectDir = join(workDir, 'project');
      const electronDist = join(workDir, 'electron-dist');
      const devDependencies = (
        JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
          devDependencies: Record<string, string>;
        }
      ).devDependencies;
      const electronVersion = String(devDependencies.electron).replace(/^[^\d]*/, '');
      await writeStandInElectron(electronDist, electronVersion);
      await mkdir(projectDir);
      await writeProject(projectDir, electronDist, electronVersion);
      await packLinuxDir(projectDir, 'electron-builder.yml');
      await packLinuxDir(projectDir, 'electron-builder.e2e.yml');
    }, 120_000);

    afterAll(async () => {
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('burns the hardening fuses into the shipped binary', async () => {
      expect(await fuses(join(projectDir, 'release/linux-unpacked/paydesk'))).toEqual(shippedFuses);
    });

    it('differs in the e2e flavour only by the inspect fuse Playwright needs', async () => {
      expect(await fuses(join(projectDir, 'release/e2e/linux-unpacked/paydesk'))).toEqual({
        ...shippedFuses,
        EnableNodeCliInspectArguments: 'on',
      });
    });

    it('tells the packaged app where its updates come from: the first publish entry', async () => {
      const updateConfig = await readFile(
        join(projectDir, 'release/linux-unpacked/resources/app-update.yml'),
        'utf8',
      );
      expect(updateConfig).toMatch(/^provider: generic$/m);
      expect(updateConfig).toMatch(/^url: https:\/\/\S+$/m);
      expect(updateConfig).toMatch(/^channel: latest$/m);
      expect(updateConfig).toMatch(/^updaterCacheDirName: \S+$/m);
      expect(updateConfig).not.toContain('github');
    });

    it('packs the built app, package.json and production JavaScript, no sources or maps', () => {
      const archive = join(projectDir, 'release/linux-unpacked/resources/app.asar');
      const files = asar
        .listPackage(archive, { isPack: false })
        .filter((entry) => entry.includes('.'));
      expect(files.sort()).toEqual([
        `/node_modules/${dependency.name}/index.js`,
        `/node_modules/${dependency.name}/package.json`,
        '/out/main/index.js',
        '/out/preload/index.cjs',
        '/out/renderer/assets/index.js',
        '/out/renderer/index.html',
        '/package.json',
      ]);
    });
  },
);
