import { describe, expect, it } from 'vitest';
import { createTrustedSenderCheck } from '../../../../main/core/ipc/trusted-sender';

const packaged = createTrustedSenderCheck({ kind: 'origin', origin: 'paydesk://app' });
const dev = createTrustedSenderCheck({ kind: 'origin', origin: 'http://localhost:5173' });
const index = 'paydesk://app/index.html';

describe('trusted sender check', () => {
  it.each([
    [index, true, true],
    [`${index}#/history`, true, true],
    [`${index}?lang=ar`, true, true],
    [index, false, false],
    ['paydesk://app/', true, true],
    ['file:///Users/me/Downloads/index.html', true, false],
    ['file:///C:/Program%20Files/Paydesk/resources/app.asar/out/renderer/index.html', true, false],
    ['file://app/index.html', true, false],
    ['paydesk://evil/index.html', true, false],
    ['paydesk://app.evil.example/index.html', true, false],
    ['paydesk:app/index.html', true, false],
    ['paydesk:///index.html', true, false],
    ['http://localhost:5173/', true, false],
    ['about:blank', true, false],
    ['data:text/html,<p>hi', true, false],
    ['', true, false],
  ])('packaged: %j main frame %s → %s', (frameUrl, isMainFrame, expected) => {
    expect(packaged({ frameUrl, isMainFrame })).toBe(expected);
  });

  it.each([
    ['http://localhost:5173/', true, true],
    ['http://localhost:5173/src/main.tsx?x=1#y', true, true],
    ['http://localhost:5173/', false, false],
    ['http://localhost:5174/', true, false],
    ['https://localhost:5173/', true, false],
    ['http://127.0.0.1:5173/', true, false],
    ['http://localhost.evil.example:5173/', true, false],
    [index, true, false],
    ['data:text/html,x', true, false],
    ['not a url', true, false],
    ['null', true, false],
  ])('dev server: %j main frame %s → %s', (frameUrl, isMainFrame, expected) => {
    expect(dev({ frameUrl, isMainFrame })).toBe(expected);
  });

  it('trusts nothing when its own location is not a URL', () => {
    const broken = createTrustedSenderCheck({ kind: 'origin', origin: 'nonsense' });
    expect(broken({ frameUrl: 'nonsense', isMainFrame: true })).toBe(false);
  });
});
