import { settingDefinitions } from '@storelens/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSettingValue } from './settings-values';

const def = (id: string) => settingDefinitions.find((d) => d.id === id)!;

describe('checkSettingValue', () => {
  it('keeps allowed statuses once and refuses refunded and unknown ones', () => {
    const excluded = def('woocommerce_excluded_report_order_statuses');
    expect(checkSettingValue(excluded, ['failed', 'failed', 'pending'])).toEqual({
      ok: true,
      value: ['failed', 'pending'],
    });
    expect(checkSettingValue(excluded, ['refunded']).ok).toBe(false);
    expect(checkSettingValue(excluded, 'failed').ok).toBe(false);
  });

  it('stores start_of_week as a number from a string or number key', () => {
    expect(checkSettingValue(def('start_of_week'), '0')).toEqual({ ok: true, value: 0 });
    expect(checkSettingValue(def('start_of_week'), 6)).toEqual({ ok: true, value: 6 });
    expect(checkSettingValue(def('start_of_week'), 7).ok).toBe(false);
  });

  it('accepts IANA zones only', () => {
    expect(checkSettingValue(def('timezone_string'), 'Asia/Kathmandu').ok).toBe(true);
    expect(checkSettingValue(def('timezone_string'), 'Mars/Olympus')).toEqual({
      ok: false,
      reason: 'timezone_string is not a known time zone: Mars/Olympus.',
    });
  });

  it('checks decimals range and currency format', () => {
    expect(checkSettingValue(def('woocommerce_price_num_decimals'), '3')).toEqual({
      ok: true,
      value: 3,
    });
    expect(checkSettingValue(def('woocommerce_price_num_decimals'), 5).ok).toBe(false);
    expect(checkSettingValue(def('woocommerce_currency'), 'eur').ok).toBe(false);
    expect(checkSettingValue(def('woocommerce_currency'), 'EUR').ok).toBe(true);
  });

  it('never accepts a value of the wrong JSON type for any setting (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...settingDefinitions),
        fc.oneof(fc.boolean(), fc.constant(null), fc.object()),
        (d, value) => {
          expect(checkSettingValue(d, value).ok).toBe(false);
        },
      ),
    );
  });
});
