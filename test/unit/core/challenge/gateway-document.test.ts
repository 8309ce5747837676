import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { writeGatewayDocument } from '../../../../main/core/challenge/gateway-document';

/** Runs the script against a recording stand-in for `document`. */
function written(html: string): string[] {
  const calls: string[] = [];
  const document = {
    open: () => calls.push('open'),
    write: (text: string) => calls.push(text),
    close: () => calls.push('close'),
  };
  runInNewContext(writeGatewayDocument(html), { document });
  return calls;
}

describe('writeGatewayDocument', () => {
  it.each([
    '<form action="https://acs.example/c" target="challengeFrame"></form><script>f.submit()</script>',
    '</script><script>alert("x")</script>',
    'quotes " \' ` ${not.a.template} \\ backslash',
    'line\u2028separators\u2029and\nnewlines\r\n',
    'مرحبا 3-D Secure',
  ])('writes the HTML exactly, whatever it contains: %#', (html) => {
    expect(written(html)).toEqual(['open', html, 'close']);
  });
});
