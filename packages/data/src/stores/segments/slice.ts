import type { SegmentCreateBody, SegmentUpdateBody, SegmentView } from '@storelens/api';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, idKey, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { runWrite } from '../../core/write.ts';

/**
 * Saved segments (`storelens/v1/segments`; docs/api.md, "Saved segments"): the caller's own
 * and the shared ones. A report narrowed to one sends `segment=<id>`.
 */

/** A saved segment. */
export type Segment = SegmentView;
/** The body of `POST storelens/v1/segments`. */
export type SegmentInput = SegmentCreateBody;
/** The body of `PUT storelens/v1/segments/{id}`: a new name, shared or not. */
export type SegmentChanges = SegmentUpdateBody;
/** The answer of a segment's DELETE. */
export interface SegmentDeleted {
  readonly deleted: boolean;
  readonly id: number;
}

/** Segments: the resource core with one scope. */
export const segmentsResource = createResource<SegmentView>(STORE_NAMES.segments);
/** The scope of the segments list. */
export const SEGMENTS_SCOPE = 'segments';
/** The segments state. */
export type SegmentsState = ResourceState<SegmentView>;
/** The segments store's reducer. */
export const segmentsReducer = segmentsResource.reducer;

const segmentsPath = `${NAMESPACES.storelens}/segments`;

/** Fetches the caller's segments and the shared ones (cached; `force` refetches). */
export function fetchSegments(options: { force?: boolean } = {}): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey({});
    if (
      !segmentsResource.needsFetch(getState().segments, SEGMENTS_SCOPE, key, options.force ?? false)
    )
      return;
    await segmentsResource.runQuery(dispatch, SEGMENTS_SCOPE, key, async () => {
      const list = (await client.get<SegmentView[] | null>(segmentsPath)).data ?? [];
      return {
        items: list,
        result: { ids: list.map((s) => idKey(s.id)), total: list.length, totalPages: 1 },
      };
    });
  };
}

/** The list changed on the server: read it again when next shown. */
const listChanged = (dispatch: (action: unknown) => unknown) =>
  dispatch(segmentsResource.actions.invalidated({ scope: SEGMENTS_SCOPE }));

/**
 * Saves a segment; a refusal (a bad filter: `params['query.<param>']`; sharing without the
 * right: `storelens_segment_share_forbidden`) is kept under `create` and rethrown.
 */
export function createSegment(body: SegmentInput): AppThunk<SegmentView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: segmentsResource,
      scope: SEGMENTS_SCOPE,
      operation: 'create',
      ids: [],
      send: async () => (await client.post<SegmentView>(segmentsPath, body)).data,
      onSuccess: (segment) => {
        dispatch(
          segmentsResource.actions.itemsReceived({ scope: SEGMENTS_SCOPE, items: [segment] }),
        );
        listChanged(dispatch);
      },
    });
}

/** Renames or shares one of the caller's segments. */
export function updateSegment(id: number, changes: SegmentChanges): AppThunk<SegmentView> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: segmentsResource,
      scope: SEGMENTS_SCOPE,
      operation: `update:${id}`,
      ids: [id],
      send: async () => (await client.put<SegmentView>(`${segmentsPath}/${id}`, changes)).data,
      onSuccess: (segment) =>
        dispatch(
          segmentsResource.actions.itemsReceived({ scope: SEGMENTS_SCOPE, items: [segment] }),
        ),
    });
}

/** Deletes one of the caller's segments. */
export function deleteSegment(id: number): AppThunk<SegmentDeleted> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: segmentsResource,
      scope: SEGMENTS_SCOPE,
      operation: `delete:${id}`,
      ids: [id],
      send: async () => (await client.delete<SegmentDeleted>(`${segmentsPath}/${id}`)).data,
      onSuccess: () => {
        dispatch(segmentsResource.actions.itemRemoved({ scope: SEGMENTS_SCOPE, id }));
        listChanged(dispatch);
      },
    });
}
