import type { ChallengeOutcome } from '../ports';
import { matchReturnUrl } from './return-match';
import { parseChallengeReturn, type ReturnRequest } from './return-request';

/**
 * The returnUrl catch, one rule for the challenge window and the hidden method window, in
 * Electron and in the test host. Every request to the return host, however spelled, is
 * cancelled before it leaves the machine (return-match.ts). A navigation to exactly this
 * attempt's returnUrl carries the verdict; a near-miss ends the attempt at once as a failed
 * return: waiting could only end in the 15-minute expiry.
 */
/** The gateway message recorded for a near-miss; the URL itself is the page's, not shown. */
export const NEAR_MISS_MESSAGE = 'The page returned to an address that is not this payment’s.';

/** What to do with one request of a 3-D Secure window. */
export interface CaughtRequest {
  /** True for every request to the return host: it must not leave the machine. */
  cancel: boolean;
  /** Set when the request ends the page: the verdict, or a near-miss as a failed return. */
  outcome: ChallengeOutcome | null;
}

/**
 * Judges one request. Only navigations (a main frame or any subframe) end the page; a
 * sub-resource to our host (an image, a script) is cancelled and ignored.
 */
export function catchReturnRequest(
  request: ReturnRequest,
  returnUrl: string,
  isNavigation: boolean,
): CaughtRequest {
  const match = matchReturnUrl(request.url, returnUrl);
  if (match === 'other') return { cancel: false, outcome: null };
  if (!isNavigation) return { cancel: true, outcome: null };
  if (match === 'near-miss') {
    return { cancel: true, outcome: { kind: 'returned', code: '', msg: NEAR_MISS_MESSAGE } };
  }
  const verdict = parseChallengeReturn(request, returnUrl);
  return { cancel: true, outcome: verdict && { kind: 'returned', ...verdict } };
}
