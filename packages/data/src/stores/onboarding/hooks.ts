import type {
  OnboardingPaymentMethod as PaymentMethod,
  ProductTemplate,
  OnboardingProfile as ProfileItems,
  AdminStatusMessage as ProfileUpdateResponse,
} from '@storelens/api';
import { useMemo } from 'react';
import type { QueryArgs } from '../../client/query-string.ts';
import { ignoreRejection, useStorelensDispatch } from '../../react/provider.tsx';
import { useFetchedOnce } from '../../react/use-query.ts';
import {
  createProductFromTemplate,
  fetchPaymentMethods,
  fetchProfileItems,
  fetchTasksStatus,
  type OnboardingState,
  updateProfileItems,
} from './slice.ts';

/** What `useOnboarding` returns: the state plus operations (each rejects on failure). */
export interface UseOnboardingResult extends OnboardingState {
  readonly updateProfileItems: (values: Partial<ProfileItems>) => Promise<ProfileUpdateResponse>;
  readonly createProductFromTemplate: (
    template: { readonly template_name: ProductTemplate } & Readonly<Record<string, unknown>>,
    query?: QueryArgs,
  ) => Promise<{ id: number }>;
  readonly refreshTasksStatus: () => Promise<unknown>;
  readonly fetchPaymentMethods: () => Promise<readonly PaymentMethod[]>;
}

/** Reads the onboarding profile (fetched once) and task status, and exposes the operations. */
export function useOnboarding(): UseOnboardingResult {
  const dispatch = useStorelensDispatch();
  const state = useFetchedOnce(
    'onboarding',
    (s) => s.onboarding,
    () => async (d, getState) => {
      const { requesting } = getState().onboarding;
      if (requesting.getProfileItems === undefined) ignoreRejection(d(fetchProfileItems()));
      if (requesting.getTasksStatus === undefined) ignoreRejection(d(fetchTasksStatus()));
    },
    ({ requesting }) =>
      requesting.getProfileItems === undefined || requesting.getTasksStatus === undefined,
  );
  // The operations keep their identity while the state changes (each request changes it), so
  // an effect that depends on one runs once, not again after every answer it caused.
  const operations = useMemo<Omit<UseOnboardingResult, keyof OnboardingState>>(
    () => ({
      updateProfileItems: (values) => dispatch(updateProfileItems(values)),
      createProductFromTemplate: (template, query) =>
        dispatch(createProductFromTemplate(template, query)),
      refreshTasksStatus: () => dispatch(fetchTasksStatus()),
      fetchPaymentMethods: () => dispatch(fetchPaymentMethods()),
    }),
    [dispatch],
  );
  return useMemo(() => ({ ...state, ...operations }), [state, operations]);
}
