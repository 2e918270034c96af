import type { SegmentView } from '@storelens/api';
import { useMemo } from 'react';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { type ResourceList, useResourceList } from '../../react/use-resource-list.ts';
import {
  createSegment,
  deleteSegment,
  fetchSegments,
  SEGMENTS_SCOPE,
  type SegmentChanges,
  type SegmentDeleted,
  type SegmentInput,
  updateSegment,
} from './slice.ts';

/** What `useSegments` returns: the list and the segment operations (each rejects on failure). */
export interface UseSegmentsResult extends ResourceList<SegmentView> {
  readonly createSegment: (body: SegmentInput) => Promise<SegmentView>;
  readonly updateSegment: (id: number, changes: SegmentChanges) => Promise<SegmentView>;
  readonly deleteSegment: (id: number) => Promise<SegmentDeleted>;
}

const NO_QUERY = {};
const segmentsOfScope = () => fetchSegments();

/** Reads the caller's segments and the shared ones, and their operations. */
export function useSegments(): UseSegmentsResult {
  const dispatch = useStorelensDispatch();
  const list = useResourceList((s) => s.segments, SEGMENTS_SCOPE, NO_QUERY, segmentsOfScope);
  return useMemo(
    () => ({
      ...list,
      createSegment: (body) => dispatch(createSegment(body)),
      updateSegment: (id, changes) => dispatch(updateSegment(id, changes)),
      deleteSegment: (id) => dispatch(deleteSegment(id)),
    }),
    [list, dispatch],
  );
}
