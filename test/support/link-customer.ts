import { decodeEntities, hiddenInputs } from './html-form';

/**
 * The customer's side of a payment link over plain HTTP, for tests and the benchmark: opens
 * the hosted page, types the card, passes the issuer's one-time code page and follows the
 * browser hand-offs (auto-posted forms, redirects) as a phone's browser would.
 */

export interface CustomerCard {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface PageVisit {
  readonly status: number;
  readonly url: string;
  readonly html: string;
}

/** The first form of a page: its action and hidden fields. */
const firstForm = (html: string, base: string) => {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form?.[1]) return null;
  const fields = new URLSearchParams(hiddenInputs(form[2] ?? ''));
  return { action: new URL(decodeEntities(form[1]), base).toString(), fields };
};

const visit = async (url: string, form?: URLSearchParams): Promise<PageVisit> => {
  let target = url;
  let body = form;
  for (;;) {
    const response = await fetch(target, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
      body: body?.toString(),
    });
    const location = response.headers.get('location');
    if (response.status === 302 && location) {
      target = new URL(location, target).toString();
      body = undefined;
      continue;
    }
    return { status: response.status, url: target, html: await response.text() };
  }
};

/** Follows auto-submitted hand-off pages (they carry a submit script) until a page stops. */
const followHandOffs = async (page: PageVisit): Promise<PageVisit> => {
  let current = page;
  while (current.html.includes('.submit();')) {
    const form = firstForm(current.html, current.url);
    if (!form) break;
    current = await visit(form.action, form.fields);
  }
  return current;
};

export const openLinkPage = (url: string) => visit(url);

/**
 * Pays `url` with `card`; a challenge card gets `code` on the issuer's page. Resolves to the
 * page the customer ends on (approved, held, not approved, or a refusal).
 */
export async function payLink(
  url: string,
  card: CustomerCard,
  code = '123456',
): Promise<PageVisit> {
  const form = new URLSearchParams({ lang: 'en', ...card });
  let page = await followHandOffs(await visit(url, form));
  if (page.html.includes('name="otp"')) {
    const challenge = firstForm(page.html, page.url);
    if (!challenge) return page;
    challenge.fields.set('otp', code);
    challenge.fields.set('action', 'submit');
    page = await followHandOffs(await visit(challenge.action, challenge.fields));
  }
  return page;
}

/** The title (h1) of a page, for assertions. */
export const headingOf = (page: PageVisit) => /<h1>([^<]*)<\/h1>/.exec(page.html)?.[1] ?? '';
