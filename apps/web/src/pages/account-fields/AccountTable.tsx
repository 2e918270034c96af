import { invalidateRead, type ReadEndpoint, useRead, useStorelensDispatch } from '@storelens/data';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { requestMessage } from './rules';

/**
 * The records an account page lists (`READS.users`, `READS.applicationPasswords`, read again
 * whenever a page showing them mounts): null until the first answer, read when `enabled`, and
 * read again after `reload` (a write changed them). A failed read's message goes to `onError`
 * (the latest one given: a new callback does not read again), into the same line as the
 * page's writes say theirs.
 */
export function useAccountList<T>(
  read: ReadEndpoint<readonly T[]>,
  onError: (message: string) => void,
  enabled = true,
): { items: readonly T[] | null; reload: () => Promise<void> } {
  const dispatch = useStorelensDispatch();
  const list = useRead(read, enabled ? {} : null);
  const report = useRef(onError);
  report.current = onError;
  // A failure kept from an earlier visit is not said: the list is being read again, and that
  // read's own failure, if any, is a new error.
  const [earlier] = useState(list.error);
  useEffect(() => {
    if (list.error && list.error !== earlier) report.current(requestMessage(list.error));
  }, [list.error, earlier]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an endpoint is its path
  const reload = useCallback(() => dispatch(invalidateRead(read)), [dispatch, read.path]);
  return { items: list.hasData ? (list.data ?? null) : null, reload };
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
