import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oauthBaseString, oauthSignature, percentEncode, signRequest } from './oauth';

describe('OAuth 1.0a one-legged signatures', () => {
  it('builds the base string of RFC 5849’s own example', () => {
    const params: [string, string][] = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    expect(oauthBaseString('POST', 'http://example.com/request', params)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('drops a default port, keeps another, and lower-cases the host', () => {
    expect(oauthBaseString('get', 'HTTP://Shop.Example:80/wp-json/wc/v3/orders', [])).toBe(
      'GET&http%3A%2F%2Fshop.example%2Fwp-json%2Fwc%2Fv3%2Forders&',
    );
    expect(oauthBaseString('GET', 'http://shop.example:8080/x', [])).toContain(
      'shop.example%3A8080',
    );
  });

  const text = fc.string({ unit: 'grapheme', maxLength: 12 });
  const params = fc.array(fc.tuple(text, text), { maxLength: 8 });

  it('percent-encodes to unreserved characters and %XX only, reversibly', () => {
    fc.assert(
      fc.property(text, (s) => {
        const e = percentEncode(s);
        expect(e).toMatch(/^([A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
        expect(decodeURIComponent(e)).toBe(s);
      }),
    );
  });

  it('has three parts, whatever the parameters, and ignores their order', () => {
    fc.assert(
      fc.property(params, fc.infiniteStream(fc.nat()), (list, stream) => {
        const base = oauthBaseString('GET', 'http://shop.example/wp-json/wc/v3/orders', list);
        expect(base.split('&')).toHaveLength(3);
        const shuffled = [...list]
          .map((p) => [stream.next().value as number, p] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, p]) => p);
        expect(oauthBaseString('GET', 'http://shop.example/wp-json/wc/v3/orders', shuffled)).toBe(
          base,
        );
      }),
    );
  });

  it('changes the signature when any parameter changes', () => {
    fc.assert(
      fc.property(params, text, text, (list, name, value) => {
        const url = 'http://shop.example/wp-json/wc/v3/orders';
        const a = oauthSignature(oauthBaseString('GET', url, list), 'cs_secret');
        const b = oauthSignature(
          oauthBaseString('GET', url, [...list, [`x${name}`, value]]),
          'cs_secret',
        );
        expect(a).not.toBe(b);
      }),
    );
  });

  it('signs with HMAC-SHA256, the key, a timestamp in seconds and the nonce given', () => {
    const signed = new Map(
      signRequest(
        'GET',
        'http://shop.example/wp-json/wc/v3/orders',
        [['page', '2']],
        'ck_1',
        'cs_1',
        1_700_000_000_500,
        'n1',
      ),
    );
    expect(signed.get('oauth_signature_method')).toBe('HMAC-SHA256');
    expect(signed.get('oauth_timestamp')).toBe('1700000000');
    expect(signed.get('oauth_nonce')).toBe('n1');
    expect(signed.get('page')).toBe('2');
    const base = oauthBaseString(
      'GET',
      'http://shop.example/wp-json/wc/v3/orders',
      [...signed].filter(([k]) => k !== 'oauth_signature'),
    );
    expect(signed.get('oauth_signature')).toBe(oauthSignature(base, 'cs_1'));
    expect(signed.get('oauth_signature')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});
