import { describe, expect, it } from 'vitest';
import {
  catchReturnRequest,
  NEAR_MISS_MESSAGE,
} from '../../../../main/core/challenge/return-catch';
import { matchReturnUrl } from '../../../../main/core/challenge/return-match';

const returnUrl = 'https://return.paydesk.app/3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b';
const path = '/3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b';

describe('matchReturnUrl', () => {
  it.each([
    [`https://return.paydesk.app${path}?code=000`, 'return'],
    [`https://return.paydesk.app${path}/`, 'return'],
    [`https://return.paydesk.app.${path}`, 'return'],
    [`https://RETURN.PAYDESK.APP${path}`, 'return'],
    [`https://return.paydesk.app:443${path}`, 'return'],
    [`https://return%2Epaydesk.app${path}`, 'return'],
    [`https://return.paydesk.app:8443${path}`, 'near-miss'],
    [`https://return.paydesk.app.:8443${path}`, 'near-miss'],
    [`https://user:pw@return.paydesk.app${path}`, 'near-miss'],
    [`http://return.paydesk.app${path}`, 'near-miss'],
    [`https://return.paydesk.app${path.toUpperCase()}`, 'near-miss'],
    [`https://return.paydesk.app${path}x`, 'near-miss'],
    ['https://return.paydesk.app/3ds/another', 'near-miss'],
    ['https://return.paydesk.app/', 'near-miss'],
    ['https://acs.issuer.example/3ds/x', 'other'],
    ['https://return.paydesk.app.evil.example/3ds/x', 'other'],
    ['https://evilreturn.paydesk.app/3ds/x', 'other'],
    ['about:blank', 'other'],
    ['not a url', 'other'],
  ])('%s is %s', (url, match) => {
    expect(matchReturnUrl(url, returnUrl)).toBe(match);
  });
});

describe('catchReturnRequest', () => {
  const request = (url: string) => ({ url, method: 'GET', contentType: null, body: null });

  it('lets other requests through untouched', () => {
    expect(catchReturnRequest(request('https://acs.example/x'), returnUrl, true)).toEqual({
      cancel: false,
      outcome: null,
    });
  });

  it('cancels a sub-resource to the return host without ending the page', () => {
    expect(
      catchReturnRequest(request('https://return.paydesk.app./x.png'), returnUrl, false),
    ).toEqual({ cancel: true, outcome: null });
  });

  it('reads the verdict of the return, and fails a near-miss at once without a code', () => {
    expect(
      catchReturnRequest(
        request(`https://return.paydesk.app.${path}?code=000&msg=ok`),
        returnUrl,
        true,
      ),
    ).toEqual({ cancel: true, outcome: { kind: 'returned', code: '000', msg: 'ok' } });
    expect(
      catchReturnRequest(
        request(`https://return.paydesk.app:444${path}?code=000`),
        returnUrl,
        true,
      ),
    ).toEqual({ cancel: true, outcome: { kind: 'returned', code: '', msg: NEAR_MISS_MESSAGE } });
  });
});
