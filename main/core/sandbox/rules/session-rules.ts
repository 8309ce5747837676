import { fail, pass, type Check } from '../check';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { SandboxEnvironment } from '../operation-context';
import type { SessionRecord } from '../state';

/** A session that exists and is younger than 15 minutes by the sandbox clock. */
export const findLiveSession = (
  env: SandboxEnvironment,
  sessionId: string,
): Check<SessionRecord, GatewayCode> => {
  const session = env.state.sessions.get(sessionId);
  if (!session) return fail(gatewayCodes.sessionNotFound);
  if (env.clock.now() >= session.expiresAt) return fail(gatewayCodes.sessionExpired);
  return pass(session);
};
