import { Arch, type Platform } from 'electron-builder';
import {
  configureBuildCommand,
  createYargs,
  normalizeOptions,
  type CliOptions,
} from 'electron-builder/out/builder';
import { describe, expect, it } from 'vitest';
import {
  packagingPlan,
  packagingRequestSchema,
  signingVariables,
  type Environment,
  type PackagingRequest,
} from '../../../build/scripts/packaging-plan';

const version = '1.4.0';
const base: Environment = { PATH: '/usr/bin', HOME: '/home/ci' };
const windowsCertificate = { WIN_CSC_LINK: 'base64-pfx', WIN_CSC_KEY_PASSWORD: 'pfx-password' };
const macCertificate = { CSC_LINK: 'base64-p12', CSC_KEY_PASSWORD: 'p12-password' };
const appleIdLogin = {
  APPLE_ID: 'release@paydesk.example',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'TEAM123456',
};
const appleApiKey = {
  APPLE_API_KEY: '/keys/AuthKey.p8',
  APPLE_API_KEY_ID: 'KEY123',
  APPLE_API_ISSUER: 'issuer-uuid',
};
const everySecret = { ...windowsCertificate, ...macCertificate, ...appleIdLogin, ...appleApiKey };

function plan(request: PackagingRequest, env: Environment) {
  const result = packagingPlan(request, { ...base, ...env }, version);
  if (!result.ok) throw new Error(`expected a plan, got ${result.error.code}`);
  return result.plan;
}

function refusal(request: PackagingRequest, env: Environment) {
  const result = packagingPlan(request, { ...base, ...env }, version);
  if (result.ok) throw new Error('expected a refusal');
  // Errors may name variables, never carry their values.
  for (const secret of Object.values(everySecret))
    expect(JSON.stringify(result)).not.toContain(secret);
  return result.error;
}

describe('packagingPlan: installers on every push', () => {
  it.each([
    ['win', {}, ['--win', '--publish', 'never'], false],
    ['mac', {}, ['--mac', '--publish', 'never'], false],
    ['linux', everySecret, ['--linux', '--publish', 'never'], false],
    ['win', windowsCertificate, ['--win', '--publish', 'never'], true],
    ['win', { CSC_LINK: 'base64-pfx' }, ['--win', '--publish', 'never'], true],
    ['mac', macCertificate, ['--mac', '--publish', 'never'], true],
  ] as const)('%s with %o: %o, signed %s', (platform, env, args, signed) => {
    const result = plan({ flavour: 'installers', platform }, env);
    expect(result.args).toEqual(args);
    expect(result.signed).toBe(signed);
    // Unsigned macOS builds must not pick up whatever identity a keychain holds.
    expect(result.env.CSC_IDENTITY_AUTO_DISCOVERY).toBe(signed ? undefined : 'false');
  });

  it('drops secrets that are set but empty, as GitHub sets them for forks', () => {
    const result = plan(
      { flavour: 'installers', platform: 'mac' },
      { CSC_LINK: '', APPLE_ID: '  ' },
    );
    expect(result.signed).toBe(false);
    expect(Object.keys(result.env)).not.toContain('CSC_LINK');
    expect(Object.keys(result.env)).not.toContain('APPLE_ID');
  });

  it('passes the rest of the environment through untouched', () => {
    const result = plan(
      { flavour: 'installers', platform: 'win' },
      { ...windowsCertificate, EMPTY: '' },
    );
    expect(result.env).toEqual({ ...base, ...windowsCertificate, EMPTY: '' });
  });
});

describe('packagingPlan: releases from v* tags', () => {
  const release = (platform: 'win' | 'mac' | 'linux', tag = `v${version}`): PackagingRequest => ({
    flavour: 'release',
    platform,
    tag,
  });

  it.each([
    ['win', windowsCertificate],
    ['mac', { ...macCertificate, ...appleIdLogin }],
    ['mac', { ...macCertificate, ...appleApiKey }],
  ] as const)(
    'forces signing on %s when certificate and notarization secrets are set',
    (platform, env) => {
      const result = plan(release(platform), env);
      expect(result.args).toEqual([
        `--${platform}`,
        '-c.forceCodeSigning=true',
        '--publish',
        'never',
      ]);
      expect(result.signed).toBe(true);
    },
  );

  it('builds the unsigned Linux AppImage without asking for secrets', () => {
    expect(plan(release('linux'), {}).args).toEqual(['--linux', '--publish', 'never']);
  });

  it.each([
    ['win', {}, ['WIN_CSC_LINK']],
    ['win', { WIN_CSC_LINK: ' ' }, ['WIN_CSC_LINK']],
    ['mac', {}, ['CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']],
    ['mac', macCertificate, ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']],
    [
      'mac',
      { ...macCertificate, APPLE_ID: appleIdLogin.APPLE_ID },
      ['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
    ],
    ['mac', { ...appleIdLogin }, ['CSC_LINK']],
  ] as const)('refuses a %s release with %o: missing %o', (platform, env, missing) => {
    expect(refusal(release(platform), env)).toEqual({ code: 'SIGNING_SECRETS_MISSING', missing });
  });

  it.each(['v1.4.1', '1.4.0', 'v1.4', 'main'])('refuses tag %s for version 1.4.0', (tag) => {
    expect(refusal(release('win', tag), everySecret)).toEqual({
      code: 'TAG_VERSION_MISMATCH',
      tag,
      version,
    });
  });
});

describe('packagingPlan: the e2e smoke-test build', () => {
  it.each([
    ['win', 'x64'],
    ['mac', 'arm64'],
  ] as const)(
    'builds %s %s unpacked from electron-builder.e2e.yml, never signed',
    (platform, arch) => {
      const result = plan({ flavour: 'e2e', platform, arch }, everySecret);
      expect(result.args).toEqual([
        '--config',
        'electron-builder.e2e.yml',
        `--${platform}`,
        '--dir',
        `--${arch}`,
        '--publish',
        'never',
      ]);
      expect(result.signed).toBe(false);
      expect(result.env).toEqual({ ...base, CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
      for (const name of signingVariables) expect(Object.keys(result.env)).not.toContain(name);
    },
  );
});

describe('packagingRequestSchema', () => {
  it.each([
    [{ flavour: 'installers', platform: 'win' }, true],
    [{ flavour: 'release', platform: 'mac', tag: 'v1.4.0' }, true],
    [{ flavour: 'e2e', platform: 'mac', arch: 'arm64' }, true],
    [{ flavour: 'release', platform: 'mac' }, false],
    [{ flavour: 'e2e', platform: 'win' }, false],
    [{ flavour: 'e2e', platform: 'win', arch: 'ia32' }, false],
    [{ flavour: 'installers', platform: 'freebsd' }, false],
    [{ platform: 'win' }, false],
  ])('%o accepted: %s', (input, accepted) => {
    expect(packagingRequestSchema.safeParse(input).success).toBe(accepted);
  });
});

describe("packagingPlan arguments, as electron-builder's own CLI reads them", () => {
  function parsed(args: string[]) {
    const argv = configureBuildCommand(createYargs()).parseSync(args) as CliOptions;
    const options = normalizeOptions(argv);
    const targets = [...(options.targets ?? new Map<Platform, Map<Arch, string[]>>())].map(
      ([platform, archs]) => [
        platform.name,
        Object.fromEntries([...archs].map(([arch, types]) => [Arch[arch], types])),
      ],
    );
    return { config: options.config, publish: options.publish, targets };
  }

  it('builds the configured installers for the platform, publishing nothing', () => {
    const result = plan({ flavour: 'installers', platform: 'win' }, {});
    expect(parsed(result.args)).toEqual({
      config: undefined,
      publish: 'never',
      targets: [['windows', {}]],
    });
  });

  it('forces code signing for releases', () => {
    const result = plan(
      { flavour: 'release', platform: 'mac', tag: `v${version}` },
      { ...macCertificate, ...appleIdLogin },
    );
    expect(parsed(result.args)).toMatchObject({
      config: { forceCodeSigning: 'true' },
      publish: 'never',
    });
  });

  it('builds the e2e flavour unpacked for one CPU', () => {
    const result = plan({ flavour: 'e2e', platform: 'mac', arch: 'arm64' }, {});
    expect(parsed(result.args)).toEqual({
      config: 'electron-builder.e2e.yml',
      publish: 'never',
      targets: [['mac', { arm64: ['dir'] }]],
    });
  });
});
