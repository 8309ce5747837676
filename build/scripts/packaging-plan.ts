/**
 * How the workflows call electron-builder, decided in one tested place instead of in YAML.
 *
 * - `installers` (every push): signed when the certificate secrets are present, unsigned
 *   otherwise. Secrets that are set but empty (forks, repositories without them) are
 *   removed: electron-builder takes an empty CSC_LINK on macOS for a certificate to import.
 * - `release` (v* tags): the tag must name package.json's version (installers are named
 *   after it) and signing is mandatory. Both fail before a long build starts, and
 *   forceCodeSigning makes electron-builder fail rather than ship an unsigned file.
 * - `e2e`: the unpacked smoke-test build of electron-builder.e2e.yml for one CPU. Never
 *   signed, so it never spends a notarization round trip.
 *
 * Errors name the missing variables, never their values.
 */
import { z } from 'zod';

export const platformSchema = z.enum(['win', 'mac', 'linux']);
export type Platform = z.infer<typeof platformSchema>;

export const packagingRequestSchema = z.discriminatedUnion('flavour', [
  z.object({ flavour: z.literal('installers'), platform: platformSchema }),
  z.object({ flavour: z.literal('release'), platform: platformSchema, tag: z.string() }),
  z.object({ flavour: z.literal('e2e'), platform: platformSchema, arch: z.enum(['x64', 'arm64']) }),
]);
export type PackagingRequest = z.infer<typeof packagingRequestSchema>;

export type Environment = Readonly<Record<string, string | undefined>>;

export interface PackagingPlan {
  /** Arguments for electron-builder's CLI. */
  args: string[];
  /** The complete environment for electron-builder. */
  env: Record<string, string>;
  signed: boolean;
}

export type PackagingError =
  | { code: 'SIGNING_SECRETS_MISSING'; missing: string[] }
  | { code: 'TAG_VERSION_MISMATCH'; tag: string; version: string };

export type PackagingResult =
  { ok: true; plan: PackagingPlan } | { ok: false; error: PackagingError };

const windowsCertificate = ['WIN_CSC_LINK', 'CSC_LINK'] as const;
const appleIdNotarization = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] as const;
const apiKeyNotarization = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'] as const;

/** Every variable electron-builder reads a certificate, its password or Apple's login from. */
export const signingVariables: readonly string[] = [
  ...windowsCertificate,
  'WIN_CSC_KEY_PASSWORD',
  'CSC_KEY_PASSWORD',
  ...appleIdNotarization,
  ...apiKeyNotarization,
];

function present(env: Environment): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const blankSecret = signingVariables.includes(name) && (value ?? '').trim() === '';
    if (value !== undefined && !blankSecret) kept[name] = value;
  }
  return kept;
}

function withoutSigning(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !signingVariables.includes(name)),
  );
}

function hasCertificate(platform: Platform, env: Record<string, string>): boolean {
  if (platform === 'win') return windowsCertificate.some((name) => name in env);
  if (platform === 'mac') return 'CSC_LINK' in env;
  return false;
}

/** Names still needed before a signed release of `platform` can be built. */
function missingForRelease(platform: Platform, env: Record<string, string>): string[] {
  if (platform === 'linux') return [];
  const missing = hasCertificate(platform, env)
    ? []
    : [platform === 'win' ? 'WIN_CSC_LINK' : 'CSC_LINK'];
  if (platform === 'mac' && !apiKeyNotarization.every((name) => name in env)) {
    missing.push(...appleIdNotarization.filter((name) => !(name in env)));
  }
  return missing;
}

/** `version` is package.json's version, which electron-builder writes into every file name. */
export function packagingPlan(
  request: PackagingRequest,
  processEnv: Environment,
  version: string,
): PackagingResult {
  const target = `--${request.platform}`;
  const publishNever = ['--publish', 'never'];

  if (request.flavour === 'e2e') {
    const env = withoutSigning(present(processEnv));
    // Without this, macOS would sign with any identity it happens to find in the keychain.
    env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    const args = ['--config', 'electron-builder.e2e.yml', target, '--dir', `--${request.arch}`];
    return { ok: true, plan: { args: [...args, ...publishNever], env, signed: false } };
  }

  const env = present(processEnv);
  if (request.flavour === 'release') {
    if (request.tag !== `v${version}`) {
      return { ok: false, error: { code: 'TAG_VERSION_MISMATCH', tag: request.tag, version } };
    }
    const missing = missingForRelease(request.platform, env);
    if (missing.length > 0) {
      return { ok: false, error: { code: 'SIGNING_SECRETS_MISSING', missing } };
    }
  }
  const signed = hasCertificate(request.platform, env);
  if (!signed) env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
  const force = request.flavour === 'release' && signed ? ['-c.forceCodeSigning=true'] : [];
  return { ok: true, plan: { args: [target, ...force, ...publishNever], env, signed } };
}
