import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { parseConnectInput, zoneOf } from './service';

const keys = { consumer_key: 'ck_1', consumer_secret: 'cs_1' };

describe('connect requests', () => {
  it('takes the shop address as people type it', () => {
    expect(parseConnectInput({ url: 'shop.example', ...keys }).url).toBe('https://shop.example');
    expect(parseConnectInput({ url: 'localhost:8080/', ...keys }).url).toBe(
      'https://localhost:8080',
    );
    expect(parseConnectInput({ url: 'http://shop.example/store/wp-json/', ...keys }).url).toBe(
      'http://shop.example/store',
    );
    expect(parseConnectInput({ url: ' https://Shop.Example ', ...keys, extra: 1 }).url).toBe(
      'https://shop.example',
    );
  });

  it('refuses other schemes and addresses with credentials', () => {
    for (const url of [
      'mailto:owner@example.com',
      'ftp://shop.example',
      'https://user:pw@shop.example',
      '',
      'http://',
    ])
      expect(() => parseConnectInput({ url, ...keys })).toThrow(ApiError);
  });
});

describe('the shop time zone', () => {
  it('uses WordPress’s zone name, else a whole-hour offset, else UTC', () => {
    expect(zoneOf({ timezone_string: 'Europe/Paris', gmt_offset: 1 })).toBe('Europe/Paris');
    expect(zoneOf({ timezone_string: '', gmt_offset: '5' })).toBe('Etc/GMT-5');
    expect(zoneOf({ timezone_string: '', gmt_offset: -3 })).toBe('Etc/GMT+3');
    expect(zoneOf({ timezone_string: '', gmt_offset: 5.5 })).toBe('UTC');
  });
});
