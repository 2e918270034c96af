import { firstAction, noticeTimeout, SNACKBAR_TIMEOUT } from './notices';

describe('snackbar notices', () => {
  it('shows only the first action', () => {
    expect(firstAction([{ label: 'Undo' }, { label: 'View' }])).toEqual({ label: 'Undo' });
    expect(firstAction(undefined)).toBeUndefined();
  });

  it('leaves after 10 seconds unless dismissal is explicit', () => {
    expect(SNACKBAR_TIMEOUT).toBe(10_000);
    expect(noticeTimeout({ id: 'a', content: 'Saved' })).toBe(10_000);
    expect(noticeTimeout({ id: 'a', content: 'Saved', explicitDismiss: true })).toBeNull();
  });
});
