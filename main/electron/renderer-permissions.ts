/**
 * The one permission our own renderer is granted, on its own origin only: writing text to the
 * clipboard, for Copy link (navigator.clipboard.writeText). Chromium asks for it under this
 * name; reading the clipboard, and every other permission, stays refused. No Electron import:
 * the browser host grants the same list, so the e2e tests see what the app allows.
 */
export const rendererPermissions: readonly string[] = ['clipboard-sanitized-write'];
