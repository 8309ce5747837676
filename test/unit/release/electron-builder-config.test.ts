import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { loadBuilderConfig, repoRoot, validateBuilderConfig } from './electron-builder-internals';

type TargetSetting =
  string | TargetConfiguration | Array<string | TargetConfiguration> | null | undefined;

/** The CPUs a platform's `target` list builds `name` for; '(host)' when no arch is given. */
function archsFor(setting: TargetSetting, name: string): string[] {
  const entries = setting == null ? [] : Array.isArray(setting) ? setting : [setting];
  return entries.flatMap((entry) => {
    const target = typeof entry === 'string' ? { target: entry, arch: undefined } : entry;
    if (target.target.toLowerCase() !== name.toLowerCase()) return [];
    return target.arch === undefined ? ['(host)'] : [target.arch].flat();
  });
}

/** The fuses every shipped build requires. */
const requiredFuses = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  // The renderer comes from the paydesk:// scheme; file:// gets no extra privileges.
  grantFileProtocolExtraPrivileges: false,
};

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  productName: string;
};

describe('electron-builder.yml', () => {
  let config: Configuration;
  beforeAll(async () => {
    config = await loadBuilderConfig(repoRoot, 'electron-builder.yml');
  });

  it('is checked against electron-builder schema, which refuses a misspelt fuse', async () => {
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsnode: false } };
    await expect(validateBuilderConfig(misspelt as Configuration)).rejects.toThrow(
      /configuration\.electronFuses/,
    );
  });

  it('names every installer after the product, its version, OS and CPU', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+){2,}$/);
    expect(config.productName).toBe(packageJson.productName);
    for (const macro of ['${productName}', '${version}', '${os}', '${arch}', '${ext}']) {
      expect(config.artifactName).toContain(macro);
    }
    for (const platform of [config.win, config.mac, config.linux, config.nsis, config.dmg]) {
      expect(platform?.artifactName ?? undefined).toBeUndefined();
    }
  });

  it('builds assisted NSIS installers for x64 and arm64 that offer a per-machine install', () => {
    expect(archsFor(config.win?.target, 'nsis').sort()).toEqual(['arm64', 'x64']);
    expect(config.nsis?.oneClick).toBe(false);
    // oneClick false + perMachine false = the "anyone who uses this computer" page.
    expect(config.nsis?.perMachine).toBe(false);
    expect(config.nsis?.allowElevation).not.toBe(false);
    expect(config.nsis?.buildUniversalInstaller).toBe(false);
    expect(config.nsis?.deleteAppDataOnUninstall).not.toBe(true);
  });

  it('signs Windows with SHA-256 only, from a certificate given through the environment', () => {
    expect(config.win?.signtoolOptions?.signingHashAlgorithms).toEqual(['sha256']);
    const certificateSettings = [config.cscLink, config.cscKeyPassword, config.win?.cscLink];
    expect(certificateSettings.concat(config.mac?.cscLink)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(config.win?.signtoolOptions?.certificateFile).toBeUndefined();
    expect(config.win?.signtoolOptions?.certificatePassword).toBeUndefined();
  });

  it('builds hardened macOS DMGs for x64 and arm64, notarized through the environment', () => {
    expect(archsFor(config.mac?.target, 'dmg').sort()).toEqual(['arm64', 'x64']);
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.gatekeeperAssess).toBe(false);
    expect(config.mac?.notarize).not.toBe(false);
    expect(config.mac?.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist');
  });

  it('grants the hardened runtime nothing but JIT', () => {
    const plist = readFileSync(join(repoRoot, 'build/entitlements.mac.plist'), 'utf8');
    const granted = plist.replace(/<!--[\s\S]*?-->/g, '');
    const entitlements = [...granted.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\/>/g)];
    expect(entitlements.map(([, key, value]) => `${key}=${value}`)).toEqual([
      'com.apple.security.cs.allow-jit=true',
    ]);
  });

  it('publishes updates to our HTTPS server first and to GitHub releases second', () => {
    const publish = [config.publish].flat();
    expect(publish).toEqual([
      { provider: 'generic', url: expect.stringMatching(/^https:\/\//), channel: 'latest' },
      expect.objectContaining({ provider: 'github', owner: 'paydesk', repo: 'paydesk' }),
    ]);
    // No platform or target setting replaces the list (electron-builder would use theirs).
    for (const options of [config.win, config.mac, config.nsis, config.dmg, config.linux]) {
      expect(options?.publish).toBeUndefined();
    }
  });

  it('keeps update signature checks on and builds the ZIP macOS updates come from', () => {
    // Windows: the installer's publisher must match app-update.yml's (from our certificate).
    expect(config.win?.verifyUpdateCodeSignature).toBe(true);
    expect(config.win?.signtoolOptions?.publisherName ?? null).toBeNull();
    // macOS: Squirrel.Mac installs from the ZIP, checking its code signature.
    expect(archsFor(config.mac?.target, 'zip').sort()).toEqual(['arm64', 'x64']);
  });

  it('builds a Linux AppImage for x64', () => {
    expect(archsFor(config.linux?.target, 'AppImage')).toEqual(['x64']);
  });

  it('burns the required fuses and keeps the debugger switch off', () => {
    expect(config.electronFuses).toMatchObject(requiredFuses);
    expect(config.electronFuses?.enableNodeCliInspectArguments).toBe(false);
    expect(config.asar).toBe(true);
  });

  it('points at icons that exist', () => {
    const icons = [config.win?.icon, config.mac?.icon, config.linux?.icon];
    expect(icons).toEqual(['build/icon.ico', 'build/icon.icns', 'build/icon.png']);
    for (const icon of icons) expect(existsSync(join(repoRoot, String(icon)))).toBe(true);
  });
});

describe('electron-builder.e2e.yml', () => {
  it('is the shipped configuration with only the inspect fuse on, in its own folder', async () => {
    const shipped = await loadBuilderConfig(repoRoot, 'electron-builder.yml');
    const e2e = await loadBuilderConfig(repoRoot, 'electron-builder.e2e.yml');

    expect(e2e.electronFuses).toEqual({
      ...shipped.electronFuses,
      enableNodeCliInspectArguments: true,
    });
    expect(e2e.directories?.output).toBe('release/e2e');

    const {
      electronFuses: _e2eFuses,
      directories: e2eDirectories,
      extends: _from,
      ...e2eRest
    } = e2e;
    const { electronFuses: _fuses, directories, ...shippedRest } = shipped;
    expect(e2eRest).toEqual(shippedRest);
    expect({ ...e2eDirectories, output: directories?.output }).toEqual(directories);
  });
});
