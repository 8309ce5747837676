import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { SandboxEnvironment } from '../operation-context';
import type { SessionRecord } from '../state';

/** A session that exists and is younger than 15 minutes by the sandbox clock. */
export const findLiveSession = (
  env: SandboxEnvironment,
  sessionId: string,
): Result<SessionRecord, GatewayCode> => {
  const session = env.state.sessions.get(sessionId);
  if (!session) return err(gatewayCodes.sessionNotFound);
  if (env.clock.now() >= session.expiresAt) return err(gatewayCodes.sessionExpired);
  return ok(session);
};
