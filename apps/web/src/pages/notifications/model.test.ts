import type { AlertView } from '@storelens/api';
import { setStoreTimezone } from '@storelens/date';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alertBody,
  alertChanges,
  alertValues,
  channelProblems,
  digestValues,
  fieldsOfParams,
  storeDateTime,
} from './model';

const saved: AlertView = {
  id: 4,
  user_id: 1,
  store_wide: false,
  metric: 'orders/orders_count',
  condition: 'no_orders',
  threshold: null,
  window: 'day',
  hours: 6,
  open_hours: { days: [1, 2], from: 9, to: 17 },
  direction: 'both',
  enabled: true,
  channels: [{ type: 'slack', url: 'https://hooks.slack.com/…abcd' }],
  state: 'normal',
  starter: null,
  date_created_gmt: '2026-03-01T10:00:00',
};

afterEach(() => setStoreTimezone('UTC'));

describe('the notification forms’ values', () => {
  it('puts the server’s messages on the field of the channel they name', () => {
    const values = { ...digestValues(), slack: true, webhook: true };
    const { fields, other } = fieldsOfParams(
      {
        'channels[1].url': 'bad slack',
        'channels[2].secret': 'short key',
        hour: 'bad hour',
        something_else: 'other',
      },
      values,
    );
    expect(fields).toEqual({
      slack_url: 'bad slack',
      webhook_secret: 'short key',
      hour: 'bad hour',
    });
    expect(other).toEqual(['other']);
  });

  it('maps opening-hours messages onto their fields', () => {
    const { fields } = fieldsOfParams({ 'open_hours.to': 'after from', hours: 'h' }, alertValues());
    expect(fields).toEqual({ open_to: 'after from', hours: 'h' });
  });

  it('sends a no_orders rule its hours (empty: tuned to the store) and opening hours', () => {
    const v = { ...alertValues(), hours: '', open_only: true, day0: true, day1: false };
    expect(alertBody(v, false)).toEqual({
      condition: 'no_orders',
      enabled: true,
      hours: null,
      open_hours: { days: [0, 2, 3, 4, 5], from: 9, to: 18 },
      channels: [{ type: 'email' }],
    });
  });

  it('leaves unchanged channels out of an edit; changing them asks for the URL again', () => {
    const v = alertValues(saved);
    expect(v.slack).toBe(true);
    expect(v.slack_url).toBe('');
    expect(alertChanges({ ...v, hours: '8' }, saved, false)).not.toHaveProperty('channels');
    const withEmail = { ...v, email: true };
    expect(channelProblems(withEmail, { required: false, saved: saved.channels })).toEqual({
      slack_url: 'Enter the Slack webhook URL again to change the channels.',
    });
    expect(channelProblems(v, { required: false, saved: saved.channels })).toEqual({});
  });

  it('shows API times in the store’s zone', () => {
    setStoreTimezone('Asia/Kathmandu');
    expect(storeDateTime('2026-03-01T00:00:00')).toBe('Mar 1, 2026 5:45 AM');
    expect(storeDateTime(null)).toBe('');
  });
});
