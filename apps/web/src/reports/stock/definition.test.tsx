import type { BootSettings } from '@storelens/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stockNotice } from './definition';

const base = { timezone: 'UTC' } as BootSettings;
const shop = { name: 'Corner Shop', url: 'https://shop.example', downloadLog: false };

describe('the Stock report notice', () => {
  it('says stock cannot be edited, and how to change that, for a read-only key', () => {
    render(stockNotice({ ...base, connectedShop: { ...shop, canWrite: false } }));
    expect(screen.getByRole('status').textContent).toMatch(
      /Stock cannot be edited here: Corner Shop is connected with a read-only API key\. Connect it again with a Read\/Write key/,
    );
  });

  it('says nothing for a writable shop, a shop whose key is not known yet, or no shop', () => {
    for (const settings of [
      { ...base, connectedShop: { ...shop, canWrite: true } },
      { ...base, connectedShop: shop },
      base,
    ])
      expect(stockNotice(settings)).toBeNull();
  });
});
