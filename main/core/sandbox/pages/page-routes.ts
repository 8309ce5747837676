import type { SandboxEnvironment } from '../operation-context';
import { completeChallenge } from './completion';
import { challengePage, challengeSubmit } from './issuer-pages';
import { methodNotification, methodPage } from './method-pages';
import type { PageReply } from './page-reply';

type Page = (env: SandboxEnvironment, form: URLSearchParams) => PageReply;

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

export const findPage = (path: string) => pages[path.toLowerCase()] ?? null;
