import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../session';
import { requestMessage } from './rules';

/**
 * The records an account page lists (the users, one's application passwords): null until the
 * first answer, loaded when `enabled` and again by `reload` after a change; a failed request's
 * message goes to `onError` (the latest one given: a new callback does not load again).
 */
export function useAccountList<T>(
  path: string,
  onError: (message: string) => void,
  enabled = true,
): { items: T[] | null; reload: () => Promise<void> } {
  const api = useApi();
  const [items, setItems] = useState<T[] | null>(null);
  const report = useRef(onError);
  report.current = onError;
  const reload = useCallback(
    () =>
      api((c) => c.get<T[]>(path))
        .then(({ data }) => setItems(data))
        .catch((e: unknown) => report.current(requestMessage(e))),
    [api, path],
  );
  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);
  return { items, reload };
}

/** An account page's table: named by its section's title, one column header a label, rows as children. */
export function AccountTable({
  labelledBy,
  columns,
  children,
}: {
  labelledBy: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {columns.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
