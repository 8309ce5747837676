import { describe, expect, test } from 'vitest';
import { escapeHtml } from '../../../../main/core/html/escape-html';
import { unescapeGatewayHtml } from '../../../../main/core/gateway/gateway-html';
import { encodeGatewayJson } from '../../../../main/core/sandbox/gateway-json';

const snippet =
  '<div id="x"><form id="f" method="POST" action="https://acs.test/c?a=1&amp;b=2" target="challengeFrame">' +
  '<input type="hidden" name="creq" value="eyJ"></form><iframe name="challengeFrame"></iframe>' +
  '<script>document.getElementById("f").submit();</script></div>';

describe('unescapeGatewayHtml', () => {
  test('the parsed JSON string of the gateway is already runnable HTML: unchanged', () => {
    const wire = encodeGatewayJson({ htmlBodyContent: snippet });
    expect(wire).toContain('\\u003Cform');
    expect(wire).not.toContain('<');
    const parsed = JSON.parse(wire) as { htmlBodyContent: string };
    expect(unescapeGatewayHtml(parsed.htmlBodyContent)).toBe(snippet);
  });

  test.each([
    ['HTML entities', escapeHtml(snippet)],
    [
      'leftover JSON escapes',
      JSON.stringify(snippet).slice(1, -1).replace(/</g, '\\u003C').replace(/>/g, '\\u003E'),
    ],
    [
      'decimal and hex entities',
      snippet
        .replace(/&/g, '&#38;')
        .replace(/</g, '&#60;')
        .replace(/>/g, '&#x3E;')
        .replace(/"/g, '&#34;'),
    ],
    ['surrounding whitespace', `\n  ${snippet}\n`],
  ])('a second layer of %s is undone', (_name, escaped) => {
    expect(unescapeGatewayHtml(escaped)).toBe(snippet);
  });

  test("the page's own entities inside raw HTML are kept", () => {
    expect(unescapeGatewayHtml('<p>Fish &amp; chips &lt;3</p>')).toBe(
      '<p>Fish &amp; chips &lt;3</p>',
    );
  });
});

describe('encodeGatewayJson', () => {
  test('writes HTML-sensitive characters as \\u escapes, as ASP.NET does, and round-trips', () => {
    const value = { text: `<b>'a' & "b" + c</b>`, n: 1.5, list: [null, true] };
    const wire = encodeGatewayJson(value);
    expect(wire).toBe(
      '{"text":"\\u003Cb\\u003E\\u0027a\\u0027 \\u0026 \\"b\\" \\u002B c\\u003C/b\\u003E","n":1.5,"list":[null,true]}',
    );
    expect(JSON.parse(wire)).toEqual(value);
  });
});
