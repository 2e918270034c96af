import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localAndGmt } from '../clock';
import { importFrom } from '../ingest/import-job';
import { zone } from '../timezone';
import { percentComplete } from './export';
import { noteActionUrl } from './notes';
import { paypalStatus, pluginSlugs } from './plugins';
import { stockStatusFor } from './stock';

describe('noteActionUrl', () => {
  it('keeps absolute and root-relative URLs, prefixes admin ones, drops other schemes', () => {
    expect(noteActionUrl('admin.php?page=wc-admin')).toBe('/wp-admin/admin.php?page=wc-admin');
    expect(noteActionUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(noteActionUrl('/wp-admin/edit.php')).toBe('/wp-admin/edit.php');
    expect(noteActionUrl('javascript:alert(1)')).toBeNull();
    expect(noteActionUrl('')).toBeNull();
  });
});

describe('importFrom', () => {
  it('is local midnight `days` days before today, or -1 for all time', () => {
    const now = Date.UTC(2024, 4, 10, 20, 30); // 10 May 20:30 UTC = 11 May 02:15 in Kathmandu
    expect(importFrom(undefined, 'UTC', now)).toBe(-1);
    expect(importFrom(0, 'UTC', now)).toBe('2024-05-10 00:00:00');
    expect(importFrom(0, 'Asia/Kathmandu', now)).toBe('2024-05-11 00:00:00');
    expect(importFrom(10, 'America/New_York', now)).toBe('2024-04-30 00:00:00');
  });
});

describe('percentComplete', () => {
  it('reaches 100 only when the job is done', () => {
    expect(percentComplete('running', { nextPage: 1, totalPages: 0, bytes: 0, rows: 0 })).toBe(0);
    expect(percentComplete('running', { nextPage: 3, totalPages: 4, bytes: 9, rows: 200 })).toBe(
      50,
    );
    expect(percentComplete('running', { nextPage: 5, totalPages: 4, bytes: 9, rows: 366 })).toBe(
      99,
    );
    expect(percentComplete('done', { nextPage: 5, totalPages: 4, bytes: 9, rows: 366 })).toBe(100);
  });
});

describe('stockStatusFor', () => {
  it('follows managed quantities and keeps unmanaged statuses', () => {
    expect(stockStatusFor(true, 0, 'instock')).toBe('outofstock');
    expect(stockStatusFor(true, -2, 'instock')).toBe('outofstock');
    expect(stockStatusFor(true, 1, 'outofstock')).toBe('instock');
    expect(stockStatusFor(false, null, 'onbackorder')).toBe('onbackorder');
  });
});

describe('pluginSlugs', () => {
  it('splits, trims and de-duplicates; an empty list is refused with 404 woocommerce_rest_invalid_plugins', () => {
    expect(pluginSlugs(' jetpack, woocommerce-services ,jetpack')).toEqual([
      'jetpack',
      'woocommerce-services',
    ]);
    expect(pluginSlugs(['a', 'a', 'b'])).toEqual(['a', 'b']);
    expect(() => pluginSlugs(' , ')).toThrow(
      expect.objectContaining({ code: 'woocommerce_rest_invalid_plugins', status: 404 }),
    );
    expect(() => pluginSlugs(5)).toThrow(
      expect.objectContaining({ code: 'woocommerce_rest_invalid_plugins' }),
    );
  });
});

describe('paypalStatus', () => {
  it('is onboarded only with all four credentials of an environment', () => {
    const full = {
      merchant_email_production: 'a',
      merchant_id_production: 'b',
      client_id_production: 'c',
      client_secret_production: 'd',
    };
    expect(paypalStatus(full).production.onboarded).toBe(true);
    expect(paypalStatus({ ...full, client_secret_production: '' }).production.onboarded).toBe(
      false,
    );
    expect(paypalStatus(false).production.state).toBe('unknown');
  });
});

describe('localAndGmt', () => {
  it('reads offset-less times as store-local and converts offsets', () => {
    const kathmandu = zone('Asia/Kathmandu');
    expect(localAndGmt('2024-06-01T09:00:00', kathmandu)).toEqual({
      local: '2024-06-01 09:00:00',
      gmt: '2024-06-01 03:15:00',
    });
    expect(localAndGmt('2024-06-01T09:00:00Z', kathmandu).local).toBe('2024-06-01 14:45:00');
    expect(localAndGmt('2024-06-01T09:00:00+02:00', kathmandu).gmt).toBe('2024-06-01 07:00:00');
  });

  it('GMT → local → GMT is the identity for zones without DST (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('UTC', 'Asia/Kathmandu', 'Asia/Tokyo'),
        (ms, tz) => {
          const gmt = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
          const z = zone(tz);
          const { local } = localAndGmt(`${gmt}Z`, z);
          expect(localAndGmt(local.replace(' ', 'T'), z).gmt).toBe(gmt.replace('T', ' '));
        },
      ),
    );
  });
});
