import { getAdminLink, getAdminUrl, isAbsoluteUrl, setAdminUrl } from './admin-url';

afterEach(() => setAdminUrl('/wp-admin/'));

describe('admin links', () => {
  it('puts the admin base in front of relative admin paths', () => {
    expect(getAdminLink('admin.php?page=wc-settings')).toBe('/wp-admin/admin.php?page=wc-settings');
  });

  it('leaves absolute URLs and rooted paths alone', () => {
    expect(getAdminLink('https://example.com/x')).toBe('https://example.com/x');
    expect(getAdminLink('/wp-admin/edit.php')).toBe('/wp-admin/edit.php');
  });

  it('uses the configured base, adding a trailing slash', () => {
    setAdminUrl('/shop/wp-admin');
    expect(getAdminUrl()).toBe('/shop/wp-admin/');
    expect(getAdminLink('edit.php')).toBe('/shop/wp-admin/edit.php');
  });

  it('recognises absolute URLs', () => {
    expect(isAbsoluteUrl('mailto:a@b.c')).toBe(true);
    expect(isAbsoluteUrl('//cdn.example')).toBe(true);
    expect(isAbsoluteUrl('admin.php')).toBe(false);
  });
});
