import type { IpcSender } from './router';

/**
 * Where our renderer is loaded from, as `scheme://host[:port]`: the app's own privileged
 * scheme when packaged (`paydesk://app`), a dev or test HTTP server otherwise.
 */
export type RendererLocation = { kind: 'origin'; origin: string };

/**
 * Scheme and host of a URL. Not `URL.origin`: WHATWG gives a custom scheme (ours included)
 * the opaque origin "null", which would match every other opaque page. A URL without a host
 * (file:, data:, about:) has nothing to compare and never passes.
 */
export const originOf = (text: string): string | null => {
  try {
    const url = new URL(text);
    return url.host ? `${url.protocol}//${url.host}` : null;
  } catch {
    return null;
  }
};

/**
 * The router's sender check (DESIGN.md §2): only the main frame of our own renderer may
 * call main, recognised by its origin. Packaged, nothing but the app's scheme handler can
 * serve `paydesk://app`, and it serves only the renderer bundle; a file:// page (a downloaded
 * file, say) never passes. Subframes never pass, whatever their URL.
 */
export function createTrustedSenderCheck(
  renderer: RendererLocation,
): (sender: IpcSender) => boolean {
  const expected = originOf(renderer.origin);
  return (sender) =>
    sender.isMainFrame && expected !== null && originOf(sender.frameUrl) === expected;
}
