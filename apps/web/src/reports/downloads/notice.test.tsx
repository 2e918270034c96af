import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSettings } from '../../test-settings';
import { downloadsNotice, downloadsReport } from './definition';

const store = testSettings();

describe('the Downloads notice', () => {
  it('says, as a status, that a connected shop’s downloads are not imported', () => {
    const shop = { name: 'Corner Shop', url: 'https://shop.example', downloadLog: false };
    render(<div>{downloadsReport.notice?.({ ...store, connectedShop: shop })}</div>);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Downloads from Corner Shop are not imported');
    expect(status.textContent).toContain('no download log');
  });

  it('names the shop by its address when it has no name', () => {
    const shop = { name: '', url: 'https://shop.example', downloadLog: false };
    render(<div>{downloadsNotice({ ...store, connectedShop: shop })}</div>);
    expect(screen.getByRole('status').textContent).toContain('https://shop.example');
  });

  it('is absent without a connected shop, or when the shop has a download log', () => {
    expect(downloadsNotice(store)).toBeNull();
    const logged = { name: 'S', url: 'https://s.example', downloadLog: true };
    expect(downloadsNotice({ ...store, connectedShop: logged })).toBeNull();
  });
});
