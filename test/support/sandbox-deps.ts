import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator, Logger, SecretReader } from '../../main/core/ports';

/**
 * What the engine's services (payments, links, shifts) need to reach a sandbox a test or a
 * bench started, in this process or in a child it spawned: one home, so every test engine
 * sends the same merchant keys bound to the same origin as the app would.
 */

/** Where the sandbox answers and the merchant's keys for it (plain data: it crosses into a child as JSON). */
export interface SandboxAccess {
  url: string;
  merchantPublicKey: string;
  apiPassword: string;
}

/** Only the three fields: a started sandbox carries much more that must not go into JSON. */
export const sandboxAccess = ({ url, merchantPublicKey, apiPassword }: SandboxAccess) => ({
  url,
  merchantPublicKey,
  apiPassword,
});

/** The gateway address and the merchant's keys, bound to its origin. */
export function sandboxGateway(sandbox: SandboxAccess): {
  gateway: () => { baseUrl: string };
  secrets: SecretReader;
} {
  const origin = new URL(sandbox.url).origin;
  const { merchantPublicKey, apiPassword } = sandbox;
  return {
    gateway: () => ({ baseUrl: sandbox.url }),
    secrets: { credentials: async () => ({ merchantPublicKey, apiPassword, origin }) },
  };
}

/** Logs nowhere: the faults tests and benches cause are expected. */
export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** The sandbox's gateway and keys, with the clock, ids and (silent) logger every service takes. */
export const sandboxDeps = (sandbox: SandboxAccess, clock: Clock) => ({
  ...sandboxGateway(sandbox),
  clock,
  ids: { uuid: randomUUID } as IdGenerator,
  logger: silentLogger,
});

/** A link service's settings in tests: English messages, a cap no test reaches. */
export const linkTestSettings = () => ({ language: 'en' as const, amountCap: '100000.00' });

/** A payment service's settings in tests: the sandbox's return host, English, a high cap. */
export const paymentTestSettings = () => ({
  returnHost: 'return.paydesk.test',
  language: 'en' as const,
  amountCap: '100000',
});
