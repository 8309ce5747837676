import { hiddenForm, submitScript, type AutoPost } from './html-document';

/**
 * Gateway snippets, Mastercard-gateway style (GATEWAY.md): a hidden form that posts to the
 * issuer's server into a named iframe, the iframe, and a script that submits the form.
 * The caller encodes the result for the JSON string (snippet-encoding.ts).
 */
const snippet = (wrapperId: string, post: AutoPost & { target: string }, frame: string): string =>
  `<div id="${wrapperId}">${hiddenForm(post)}${frame}${submitScript(post.formId)}</div>`;

/** Initiate Authentication's 3-D Secure method snippet: runs hidden, fingerprints the browser. */
export const methodSnippet = (baseUrl: string, threeDSMethodData: string): string =>
  snippet(
    'threeDSMethodRedirect',
    {
      formId: 'threeDSMethodForm',
      action: `${baseUrl}/acs/method`,
      target: 'methodFrame',
      fields: { threeDSMethodData },
    },
    '<iframe id="methodFrame" name="methodFrame" title="3-D Secure method" width="1" height="1" style="display:none"></iframe>',
  );

const challengeFrame =
  '<iframe id="challengeFrame" name="challengeFrame" title="3-D Secure verification" width="100%" height="100%" style="border:0;min-height:480px"></iframe>';

/** Authenticate Payer's challenge snippet: the issuer's page inside `challengeFrame`. */
export const challengeSnippet = (baseUrl: string, creq: string): string =>
  snippet(
    'threedsChallengeRedirect',
    {
      formId: 'threedsChallengeRedirectForm',
      action: `${baseUrl}/acs/challenge`,
      target: 'challengeFrame',
      fields: { creq },
    },
    challengeFrame,
  );

/**
 * Authenticate Payer's snippet for a card that needs no challenge (frictionless, not
 * enrolled): straight to the gateway's completion step, which redirects to the returnUrl.
 */
export const frictionlessSnippet = (baseUrl: string, cres: string): string =>
  snippet(
    'threedsChallengeRedirect',
    {
      formId: 'threedsChallengeRedirectForm',
      action: `${baseUrl}/3ds/complete`,
      target: 'challengeFrame',
      fields: { cres },
    },
    challengeFrame,
  );
