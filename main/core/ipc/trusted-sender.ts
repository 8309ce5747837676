import type { IpcSender } from './router';

/** Where our renderer is loaded from: the packaged index.html, or a dev/test HTTP server. */
export type RendererLocation =
  { kind: 'file'; indexUrl: string } | { kind: 'origin'; origin: string };

const parse = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/**
 * The router's sender check (DESIGN.md §2): only the main frame of our own renderer may
 * call main. Packaged, that is exactly our index.html (any file:// page is not enough, a
 * downloaded file could be opened); in dev and in the test host, our server's origin.
 * Subframes never pass, whatever their URL.
 */
export function createTrustedSenderCheck(
  renderer: RendererLocation,
): (sender: IpcSender) => boolean {
  const expected = parse(renderer.kind === 'file' ? renderer.indexUrl : renderer.origin);
  return (sender) => {
    if (!sender.isMainFrame || !expected) return false;
    const actual = parse(sender.frameUrl);
    if (!actual) return false;
    if (renderer.kind === 'origin') {
      return actual.origin !== 'null' && actual.origin === expected.origin;
    }
    return (
      actual.protocol === 'file:' &&
      expected.protocol === 'file:' &&
      actual.host === expected.host &&
      actual.pathname === expected.pathname
    );
  };
}
