import type { BootSettings } from '@storelens/api';
import { CurrencyFactory } from '@storelens/currency';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface StoreContext {
  settings: BootSettings;
  /** Formats money in the store currency. */
  formatAmount(value: number): string;
  /** Applies saved analytics settings (default range, date type, excluded statuses) at once. */
  updateSettings(changes: Partial<BootSettings>): void;
}

const Context = createContext<StoreContext | null>(null);

/** Provides the store settings and a currency formatter to the pages. */
export function StoreSettingsProvider({
  settings: initial,
  children,
}: {
  settings: BootSettings;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState(initial);
  const value = useMemo(() => {
    const currency = CurrencyFactory({ ...settings.currency });
    return {
      settings,
      formatAmount: (n: number) => currency.formatAmount(n),
      updateSettings: (changes: Partial<BootSettings>) =>
        setSettings((current) => ({ ...current, ...changes })),
    };
  }, [settings]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The store settings and formatter. */
export function useStore(): StoreContext {
  const value = useContext(Context);
  if (!value) throw new Error('useStore needs a StoreSettingsProvider');
  return value;
}
