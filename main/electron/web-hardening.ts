import { shell, type Session, type WebContents } from 'electron';
import { originOf } from '../core/ipc/trusted-sender';

/**
 * The sites Paydesk itself links to (its own help, the gateway's merchant documentation).
 * Nothing else is handed to the operating system: shell.openExternal of an arbitrary URL
 * can start any registered application.
 */
export const externalLinkHosts: readonly string[] = [
  'paydesk.app',
  'docs.paydesk.app',
  'geidea.net',
  'www.geidea.net',
  'docs.geidea.net',
];

/** https on the default port, no user name or password, and a host of the allow-list. */
export const isAllowedExternalLink = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      parsed.port === '' &&
      parsed.username === '' &&
      parsed.password === '' &&
      externalLinkHosts.includes(parsed.hostname)
    );
  } catch {
    return false;
  }
};

/** An allowed link opens in the user's own browser; no other URL ever leaves the app. */
export function openExternalIfAllowed(url: string): void {
  if (isAllowedExternalLink(url)) void shell.openExternal(url);
}

/**
 * No page of ours opens windows: every window.open and target=_blank is denied, and an
 * allowed link from our own renderer goes to the system browser instead.
 */
export function denyNewWindows(contents: WebContents, openLinksExternally: boolean): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (openLinksExternally) openExternalIfAllowed(url);
    return { action: 'deny' };
  });
}

/**
 * Navigation (main frame, subframes, redirects) is refused unless `allow` says otherwise.
 * Our renderer is a single page and never navigates; the challenge window allows https.
 */
export function guardNavigation(contents: WebContents, allow: (url: string) => boolean): void {
  const guard = (event: { url: string; preventDefault(): void }) => {
    if (!allow(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-frame-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Permissions granted to one origin only (our renderer's), whatever asks elsewhere. */
export interface OriginGrant {
  origin: string;
  permissions: readonly string[];
}

/**
 * Every permission (camera, notifications, geolocation, USB, …) is refused without a prompt,
 * and downloads are cancelled: a payment terminal needs none of them. `allow` names the
 * exceptions a caller can justify (the Training challenge's loopback access); `own` grants
 * its permissions to frames of its origin only, both when a page asks and when Chromium
 * checks (the clipboard asks through the check).
 */
export function denyPermissions(
  session: Session,
  allow: readonly string[] = [],
  own: OriginGrant | null = null,
): void {
  const ownOrigin = own ? originOf(own.origin) : null;
  const granted = (permission: string, url: string) =>
    allow.includes(permission) ||
    (own !== null &&
      ownOrigin !== null &&
      own.permissions.includes(permission) &&
      originOf(url) === ownOrigin);
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(granted(permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    granted(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
}
