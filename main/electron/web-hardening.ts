import { shell, type Session, type WebContents } from 'electron';

const isHttps = (url: string): boolean => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/** https links open in the user's own browser; no other scheme ever leaves the app. */
export function openExternalIfHttps(url: string): void {
  if (isHttps(url)) void shell.openExternal(url);
}

/**
 * No page of ours opens windows: every window.open and target=_blank is denied, and an https
 * link from our own renderer goes to the system browser instead.
 */
export function denyNewWindows(contents: WebContents, openLinksExternally: boolean): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (openLinksExternally) openExternalIfHttps(url);
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

/**
 * Every permission (camera, notifications, geolocation, USB, …) is refused without a prompt,
 * and downloads are cancelled: a payment terminal needs none of them. `allow` names the
 * exceptions a caller can justify (the Training challenge's loopback access).
 */
export function denyPermissions(session: Session, allow: readonly string[] = []): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allow.includes(permission)),
  );
  session.setPermissionCheckHandler((_contents, permission) => allow.includes(permission));
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
}
