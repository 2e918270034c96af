import {
  type SnackbarAction,
  SnackbarList,
  type SnackbarNotice,
} from '@storelens/components/snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Shows a snackbar notice; at most the first action is shown. */
export type CreateNotice = (
  content: string,
  options?: { actions?: readonly SnackbarAction[]; explicitDismiss?: boolean },
) => void;

const Context = createContext<CreateNotice | null>(null);

let counter = 0;

/** Hosts the app's snackbar notices: every write in the app reports through `useNotices`. */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<SnackbarNotice[]>([]);
  const create = useCallback<CreateNotice>((content, options = {}) => {
    counter += 1;
    const notice: SnackbarNotice = { id: `notice-${counter}`, content, ...options };
    setNotices((list) => [...list, notice]);
  }, []);
  const remove = useCallback((id: string) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  const value = useMemo(() => create, [create]);
  return (
    <Context.Provider value={value}>
      {children}
      <SnackbarList notices={notices} onRemove={remove} />
    </Context.Provider>
  );
}

/** The function that shows a snackbar notice. */
export function useNotices(): CreateNotice {
  const value = useContext(Context);
  if (!value) throw new Error('useNotices needs a NoticesProvider');
  return value;
}
