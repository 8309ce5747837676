import type { SandboxEnvironment } from '../operation-context';
import { checkoutPage, checkoutReturn, checkoutSubmit } from './checkout-pages';
import { completeChallenge } from './completion';
import { challengePage, challengeSubmit } from './issuer-pages';
import { methodNotification, methodPage } from './method-pages';
import type { PageReply } from './page-reply';

/** A page; `method` tells a form post from a GET where one path takes both. */
type Page = (env: SandboxEnvironment, form: URLSearchParams, method: string) => PageReply;

/**
 * The browser-facing pages: the issuer's (/acs/…) and the gateway's completion step
 * (/3ds/complete). They take form posts; the challenge page also takes a GET with `creq`.
 */
const pages: Record<string, { methods: readonly string[]; page: Page }> = {
  '/acs/method': { methods: ['POST'], page: (_env, form) => methodPage(form) },
  '/acs/method/notify': { methods: ['POST'], page: methodNotification },
  '/acs/challenge': { methods: ['POST', 'GET'], page: challengePage },
  '/acs/challenge/submit': { methods: ['POST'], page: challengeSubmit },
  '/3ds/complete': { methods: ['POST'], page: completeChallenge },
};

// The hosted payment page of a link (GET), its card form (POST) and the challenge's return.
const checkoutPath = /^\/pay\/([0-9a-f-]{36})(\/return)?$/;

/** The page of a path: a fixed one, or a link's checkout bound to its paymentIntentId. */
export const findPage = (path: string): { methods: readonly string[]; page: Page } | null => {
  const lower = path.toLowerCase();
  const fixed = pages[lower];
  if (fixed) return fixed;
  const match = checkoutPath.exec(lower);
  const id = match?.[1];
  if (!id) return null;
  if (match[2]) return { methods: ['GET', 'POST'], page: (env) => checkoutReturn(env, id) };
  return {
    methods: ['GET', 'POST'],
    // The card only ever arrives in a POST body, never in a URL.
    page: (env, form, method) =>
      method === 'POST' ? checkoutSubmit(env, id, form) : checkoutPage(env, id, form),
  };
};
