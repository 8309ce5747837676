/**
 * Gateway HTML as a data: document. The challenge and method pages are loaded this way,
 * never from file:// (DESIGN.md §4) and not from a custom protocol: a data: document has an
 * opaque origin, so it can read no storage, cookies or files of any origin, yet its form can
 * still post to the issuer. A privileged custom scheme would be one more origin of ours for
 * the issuer's HTML to run in.
 */
export const htmlDataUrl = (html: string): string =>
  `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
