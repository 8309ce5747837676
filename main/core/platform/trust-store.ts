import tls from 'node:tls';

/**
 * The certificates TLS should trust on a merchant's computer: Node's bundled Mozilla list and
 * the operating system's store (Windows certificate store, macOS keychain, /etc/ssl), where
 * a company's TLS-inspecting proxy puts its CA. NODE_EXTRA_CA_CERTS cannot do this in the
 * shipped app (the NodeOptions fuse is off), so the list is handed to every TLS connection
 * the app opens itself. A Node without `getCACertificates` (before 22.15) gets the bundled
 * list alone, as before.
 */
function readTrustedCertificates(): string[] {
  const read = (type: 'bundled' | 'system'): readonly string[] => {
    if (typeof tls.getCACertificates !== 'function') {
      return type === 'bundled' ? tls.rootCertificates : [];
    }
    try {
      return tls.getCACertificates(type);
    } catch {
      // An unreadable OS store leaves the bundled list, which is what Node would use.
      return [];
    }
  };
  return [...new Set([...read('bundled'), ...read('system')])];
}

let read: readonly string[] | null = null;

/** The list, read on first use and kept: reading the OS store takes a moment. */
export function trustedCertificates(): readonly string[] {
  return (read ??= readTrustedCertificates());
}
