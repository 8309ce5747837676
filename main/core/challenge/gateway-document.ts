/**
 * Script that writes gateway HTML into the blank document of a fresh window, where it runs
 * as the 3-D Secure method or challenge page. The page is never loaded from file://
 * (DESIGN.md §4) nor served from a custom protocol (one more origin of ours for the
 * issuer's HTML to run in). A browser-created about:blank document has an opaque origin of
 * its own, like a data: URL, so the snippet can read no storage, cookies or files of any
 * origin; unlike a data: URL, Chromium's Local Network Access treats it as a local document,
 * so Training mode's issuer pages on the loopback sandbox stay reachable, while the issuer's
 * own https frames remain subject to it. The test host runs this very script.
 */
export const writeGatewayDocument = (html: string): string =>
  `document.open();document.write(${JSON.stringify(html)});document.close();`;
