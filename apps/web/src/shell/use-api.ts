import { type ApiError, type QueryArgs, toApiError, useStorelensDispatch } from '@storelens/data';
import { useCallback, useEffect, useState } from 'react';

/** Runs a request with the store's REST client (the one every data store uses). */
export function useApiRequest() {
  const dispatch = useStorelensDispatch();
  return useCallback(
    <T>(
      method: 'get' | 'post' | 'put' | 'delete',
      path: string,
      data?: Record<string, unknown>,
    ): Promise<T> =>
      dispatch(async (_dispatch, _getState, { client }) => {
        const response =
          method === 'get'
            ? await client.get<T>(path, data as QueryArgs | undefined)
            : await client[method]<T>(path, data);
        return response.data;
      }),
    [dispatch],
  );
}

/** Reads a path once (again when `reloadKey` changes) for data no store keeps. */
export function useApiGet<T>(
  path: string,
  query?: Record<string, unknown>,
  reloadKey: unknown = 0,
  skip = false,
): { data: T | null; error: ApiError | null; isLoading: boolean } {
  const request = useApiRequest();
  const [state, setState] = useState<{
    data: T | null;
    error: ApiError | null;
    isLoading: boolean;
  }>({ data: null, error: null, isLoading: true });
  const queryKey = JSON.stringify(query ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a new read
  useEffect(() => {
    if (skip) {
      setState({ data: null, error: null, isLoading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, isLoading: true }));
    request<T>('get', path, JSON.parse(queryKey))
      .then((data) => live && setState({ data, error: null, isLoading: false }))
      .catch((e) => live && setState({ data: null, error: toApiError(e), isLoading: false }));
    return () => {
      live = false;
    };
  }, [request, path, queryKey, reloadKey, skip]);
  return state;
}
