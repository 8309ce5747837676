import { rendererPermissions } from '../electron/renderer-permissions';

/** Chromium's permission names as Electron reports them, and as Playwright grants them. */
const playwrightNames: Record<string, string> = {
  'clipboard-sanitized-write': 'clipboard-write',
};

/** What the Electron shell grants our renderer, in Playwright's words. */
export function pagePermissions(): string[] {
  return rendererPermissions.map((name) => {
    const playwright = playwrightNames[name];
    if (!playwright) throw new Error(`No Playwright name for the permission ${name}`);
    return playwright;
  });
}
