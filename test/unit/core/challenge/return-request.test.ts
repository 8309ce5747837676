import { describe, expect, it } from 'vitest';
import {
  isReturnUrl,
  parseChallengeReturn,
  type ReturnRequest,
} from '../../../../main/core/challenge/return-request';

const returnUrl = 'https://return.paydesk.app/3ds/6f1c2a9e-attempt';
const bytes = (text: string) => new TextEncoder().encode(text);

const get = (url: string): ReturnRequest => ({ url, method: 'GET', contentType: null, body: null });
const post = (body: string, contentType: string | null, url = returnUrl): ReturnRequest => ({
  url,
  method: 'POST',
  contentType,
  body: bytes(body),
});

const multipart = (boundary: string, fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('') + `--${boundary}--\r\n`;

describe('isReturnUrl', () => {
  it.each([
    [returnUrl, true],
    [`${returnUrl}?code=000&msg=Success`, true],
    [`${returnUrl}/`, true],
    [`${returnUrl}#frag`, true],
    ['https://RETURN.paydesk.app/3ds/6f1c2a9e-attempt', true],
    ['https://return.paydesk.app:443/3ds/6f1c2a9e-attempt', true],
    [`${returnUrl}x`, false],
    [`${returnUrl}/extra`, false],
    ['https://return.paydesk.app/3ds/other-attempt', false],
    ['http://return.paydesk.app/3ds/6f1c2a9e-attempt', false],
    ['https://return.paydesk.app:8443/3ds/6f1c2a9e-attempt', false],
    ['https://evil.example/3ds/6f1c2a9e-attempt', false],
    ['https://return.paydesk.app.evil.example/3ds/6f1c2a9e-attempt', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isReturnUrl(url, returnUrl)).toBe(expected);
  });
});

describe('parseChallengeReturn', () => {
  it.each<[string, ReturnRequest, { code: string; msg: string } | null]>([
    [
      'GET with the success query',
      get(`${returnUrl}?code=000&msg=Success`),
      { code: '000', msg: 'Success' },
    ],
    [
      'GET with an encoded message',
      get(`${returnUrl}?code=300.001&msg=Wrong%20code+entered`),
      { code: '300.001', msg: 'Wrong code entered' },
    ],
    [
      'GET with Arabic text',
      get(`${returnUrl}?code=010&msg=${encodeURIComponent('أُلغيت')}`),
      { code: '010', msg: 'أُلغيت' },
    ],
    ['GET without a code', get(returnUrl), { code: '', msg: '' }],
    [
      'GET to another attempt',
      get('https://return.paydesk.app/3ds/other?code=000&msg=Success'),
      null,
    ],
    ['GET to another host', get('https://evil.example/3ds/6f1c2a9e-attempt?code=000'), null],
    [
      'urlencoded POST',
      post('code=000&msg=Success', 'application/x-www-form-urlencoded'),
      { code: '000', msg: 'Success' },
    ],
    [
      'urlencoded POST with charset',
      post('msg=Fail+ed&code=100.030', 'application/x-www-form-urlencoded; charset=UTF-8'),
      { code: '100.030', msg: 'Fail ed' },
    ],
    [
      'urlencoded POST sniffed (no header)',
      post('code=000&msg=Success', null),
      { code: '000', msg: 'Success' },
    ],
    [
      'JSON POST',
      post('{"code":"000","msg":"Success"}', 'application/json'),
      { code: '000', msg: 'Success' },
    ],
    [
      'JSON POST sniffed',
      post(' {"code":"010.001","msg":"Cancelled"}', null),
      { code: '010.001', msg: 'Cancelled' },
    ],
    [
      'JSON POST with a number code is not read as success',
      post('{"code":0,"msg":"Success"}', 'application/json'),
      { code: '', msg: 'Success' },
    ],
    [
      'JSON POST that is an array',
      post('[{"code":"000"}]', 'application/json'),
      { code: '', msg: '' },
    ],
    ['broken JSON', post('{"code":"000"', 'application/json'), { code: '', msg: '' }],
    [
      'JSON __proto__ key is not read',
      post('{"__proto__":{"code":"000"}}', 'application/json'),
      { code: '', msg: '' },
    ],
    [
      'multipart POST',
      post(
        multipart('XyZ123', { msg: 'Success', code: '000' }),
        'multipart/form-data; boundary=XyZ123',
      ),
      { code: '000', msg: 'Success' },
    ],
    [
      'multipart POST, quoted boundary',
      post(
        multipart('a b', { code: '000', msg: 'Success' }),
        'multipart/form-data; boundary="a b"',
      ),
      { code: '000', msg: 'Success' },
    ],
    [
      'multipart POST sniffed',
      post(multipart('----WebKitFormBoundary7MA4', { code: '000', msg: 'OK' }), null),
      { code: '000', msg: 'OK' },
    ],
    [
      'multipart file part is ignored',
      post(
        '--b\r\nContent-Disposition: form-data; name="code"; filename="x"\r\n\r\n000\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ),
      { code: '', msg: '' },
    ],
    [
      'text/plain form',
      post('code=000\r\nmsg=Success\r\n', 'text/plain'),
      { code: '000', msg: 'Success' },
    ],
    [
      'POST body wins over query',
      post('code=300&msg=Failed', null, `${returnUrl}?code=000&msg=Success`),
      { code: '300', msg: 'Failed' },
    ],
    [
      'POST without fields falls back to query',
      post('other=1', null, `${returnUrl}?code=000&msg=Success`),
      { code: '000', msg: 'Success' },
    ],
    [
      'POST to another attempt',
      post('code=000&msg=Success', null, 'https://return.paydesk.app/3ds/other'),
      null,
    ],
    [
      'body of a GET is ignored',
      { ...post('code=000', null), method: 'GET' },
      { code: '', msg: '' },
    ],
    [
      'lower-case method',
      { ...post('code=000&msg=Success', null), method: 'post' },
      { code: '000', msg: 'Success' },
    ],
    [
      'padded values are trimmed',
      get(`${returnUrl}?code=%20000%20&msg=%20Success`),
      { code: '000', msg: 'Success' },
    ],
  ])('%s', (_name, request, expected) => {
    expect(parseChallengeReturn(request, returnUrl)).toEqual(expected);
  });

  it('bounds what it reads from the untrusted page', () => {
    const long = parseChallengeReturn(
      get(`${returnUrl}?code=${'9'.repeat(500)}&msg=${'m'.repeat(5000)}`),
      returnUrl,
    );
    expect(long?.code).toHaveLength(64);
    expect(long?.msg).toHaveLength(500);
    const huge = parseChallengeReturn(
      post(`code=000&msg=${'x'.repeat(70 * 1024)}`, null),
      returnUrl,
    );
    expect(huge).toEqual({ code: '', msg: '' });
  });
});
