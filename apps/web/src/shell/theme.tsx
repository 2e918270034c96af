import { __ } from '@storelens/i18n';
import { useEffect, useSyncExternalStore } from 'react';
import { useNotices } from './notices';
import { useUserPreference } from './preferences';

/** The user's theme choice; `system` follows the operating system. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The user preference key holding the choice. */
export const THEME_PREFERENCE = 'storelens_theme';

const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The theme shown for a choice and whether the system prefers dark. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

const darkQuery = () =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function useSystemDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = darkQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => darkQuery()?.matches ?? false,
  );
}

/** Applies the theme to the page and offers the choice (remembered per user). */
export function ThemeSwitcher() {
  const [stored, save] = useUserPreference<string>(THEME_PREFERENCE, 'system');
  const choice: ThemeChoice = (THEMES as readonly string[]).includes(stored)
    ? (stored as ThemeChoice)
    : 'system';
  const systemDark = useSystemDark();
  const notice = useNotices();
  const theme = resolveTheme(choice, systemDark);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <label className="sl-theme">
      <span>{__('Theme')}</span>
      <select
        value={choice}
        onChange={(event) => {
          save(event.target.value).catch(() => notice(__('Your theme choice could not be saved.')));
        }}
      >
        <option value="system">{__('System')}</option>
        <option value="light">{__('Light')}</option>
        <option value="dark">{__('Dark')}</option>
      </select>
    </label>
  );
}
