import { describe, expect, it } from 'vitest';
import { isAllowedChallengeNavigation } from '../../../../main/core/challenge/navigation-policy';

const sandbox = 'http://127.0.0.1:40123';

describe('isAllowedChallengeNavigation', () => {
  it.each([
    ['https://acs.issuer.example/challenge', null, true],
    ['https://return.paydesk.app/3ds/a1?code=000', null, true],
    ['about:blank', null, true],
    ['about:srcdoc', null, true],
    ['http://acs.issuer.example/challenge', null, false],
    ['http://127.0.0.1:40123/issuer/challenge', null, false],
    ['http://127.0.0.1:40123/issuer/challenge', sandbox, true],
    ['http://127.0.0.1:40124/issuer/challenge', sandbox, false],
    ['http://localhost:40123/issuer/challenge', sandbox, false],
    ['https://user:pw@acs.issuer.example/', null, false],
    ['file:///etc/passwd', sandbox, false],
    ['data:text/html,<script>alert(1)</script>', sandbox, false],
    ['javascript:alert(1)', sandbox, false],
    ['paydesk://settings', null, false],
    ['about:config', null, false],
    ['ws://127.0.0.1:40123/', sandbox, false],
    ['', null, false],
  ])('%j (sandbox %j) → %s', (url, allowed, expected) => {
    expect(isAllowedChallengeNavigation(url, allowed)).toBe(expected);
  });
});
