import type { Plugin } from 'vite';
import {
  developmentContentSecurityPolicy,
  rendererMetaContentSecurityPolicy,
} from '../../main/electron/content-security-policy';

/**
 * Under the dev server only, swaps the <meta> policy of renderer/index.html for the
 * development one: the meta tag and the header both apply, so the header alone could not
 * let the React preamble run. Fails loudly if the meta tag no longer holds the policy.
 */
export function developmentCspPlugin(): Plugin {
  return {
    name: 'paydesk:development-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!html.includes(rendererMetaContentSecurityPolicy)) {
        throw new Error('renderer/index.html does not carry the renderer CSP meta tag');
      }
      return html.replace(rendererMetaContentSecurityPolicy, developmentContentSecurityPolicy);
    },
  };
}
