/**
 * Where a 3-D Secure page may take its frames (DESIGN.md §4): https only, plus the Training
 * sandbox's loopback origin when the runner serves Training. `about:blank` and
 * `about:srcdoc` are the empty documents a new iframe starts with. Everything else (http
 * elsewhere, file:, data:, javascript:, custom schemes) is refused.
 */
export function isAllowedChallengeNavigation(
  url: string,
  allowedHttpOrigin: string | null,
): boolean {
  if (url === 'about:blank' || url === 'about:srcdoc') return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return !parsed.username && !parsed.password;
  return (
    allowedHttpOrigin !== null && parsed.protocol === 'http:' && parsed.origin === allowedHttpOrigin
  );
}
