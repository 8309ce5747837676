import { session, type Session, type WebPreferences } from 'electron';
import { denyPermissions } from './web-hardening';

/**
 * Chromium's Local Network Access asks before a page reaches a loopback address. Only the
 * Training runner, whose "issuer" is our own in-process sandbox on 127.0.0.1, grants it.
 */
const loopbackPermissions = ['local-network-access', 'loopback-network', 'local-network'];

/**
 * Gateway and issuer pages run with nothing of ours (DESIGN.md §4): no preload, sandboxed,
 * isolated, no Node, in a partition of their own. JavaScript stays on: the 3-D Secure
 * snippets submit their forms with it.
 */
export const challengeWebPreferences = (ses: Session): WebPreferences => ({
  session: ses,
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  javascript: true,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
  devTools: false,
});

/**
 * An in-memory session for one attempt: the partition name has no `persist:` prefix, so
 * nothing the issuer stores outlives the process, and `disposeChallengeSession` wipes it as
 * soon as the attempt's pages are done.
 */
export function openChallengeSession(partition: string, allowLoopback: boolean): Session {
  const ses = session.fromPartition(partition, { cache: false });
  denyPermissions(ses, allowLoopback ? loopbackPermissions : []);
  return ses;
}

export async function disposeChallengeSession(ses: Session): Promise<void> {
  ses.webRequest.onBeforeRequest(null);
  await ses.clearStorageData();
  await ses.clearCache();
}
