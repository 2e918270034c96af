import { describe, expect, it } from 'vitest';
import { countText, estimateText, isRetry, statusText, webhooksText, whenText } from './view';

const store = { name: 'My Shop', wc_version: '9.4', currency: 'USD', timezone: 'UTC' };

describe('Connections page texts', () => {
  it('says each status as a sentence', () => {
    expect(statusText({ status: 'importing', store })).toBe('Importing My Shop…');
    expect(statusText({ status: 'idle', store })).toBe('My Shop is in sync.');
    expect(statusText({ status: 'paused', store })).toMatch(/^Paused/);
    expect(statusText({ status: 'error', store })).toMatch(/retrying by itself/);
  });

  it('rounds the estimate to what a person reads', () => {
    expect(estimateText(null)).toBe('');
    expect(estimateText(20)).toBe('less than a minute left');
    expect(estimateText(60)).toBe('about 1 minute left');
    expect(estimateText(600)).toBe('about 10 minutes left');
    expect(estimateText(4 * 3600)).toBe('about 4 hours left');
  });

  it('counts done of total, or just done before the total is known', () => {
    expect(countText({ done: 1200, total: 2600 })).toBe(
      `${(1200).toLocaleString()} of ${(2600).toLocaleString()}`,
    );
    expect(countText({ done: 0, total: 0 })).toBe('0');
  });

  it('explains webhooks: none (read-only key or no public address), all active, some off', () => {
    expect(webhooksText({ webhooks: [], read_only: true })).toMatch(/read-only/);
    expect(webhooksText({ webhooks: [], read_only: false })).toMatch(/STORELENS_PUBLIC_URL/);
    const active = { topic: 'order.created', status: 'active' };
    expect(webhooksText({ webhooks: [active, active], read_only: false })).toBe(
      '2 webhooks registered and active.',
    );
    expect(
      webhooksText({
        webhooks: [active, { topic: 'order.updated', status: 'disabled' }],
        read_only: false,
      }),
    ).toMatch(/^1 of 2 webhooks are not active/);
  });

  it("shows GMT times in the store's zone with its name, or never", () => {
    expect(whenText(null, 'America/New_York')).toBe('never');
    const at = new Date(Date.UTC(2024, 4, 1, 10));
    expect(whenText('2024-05-01 10:00:00', 'America/New_York')).toBe(
      at.toLocaleString(undefined, { timeZone: 'America/New_York', timeZoneName: 'short' }),
    );
    // 10:00 GMT is 06:00 in New York in May (EDT).
    expect(whenText('2024-05-01 10:00:00', 'America/New_York')).toMatch(/6:00:00|06:00:00/);
    expect(whenText('2024-05-01 10:00:00', 'Not/AZone')).toMatch(/UTC/);
  });

  it('tells a retry the client made from a failure that waits for the next step', () => {
    expect(isRetry({ retry: 'retried in 0.4 s (try 2)' })).toBe(true);
    expect(isRetry({ retry: 'continues by itself in 2 s' })).toBe(false);
  });
});
