import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CreateProductFromTemplateResponse,
  OnboardingPaymentMethod as PaymentMethod,
  ProductTemplate,
  OnboardingProfile as ProfileItems,
  AdminStatusMessage as ProfileUpdateResponse,
  TasksStatus,
} from '@storelens/api';
import { type ApiError, clientError, toApiError } from '../../client/api-error.ts';
import type { QueryArgs } from '../../client/query-string.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { itemsResource } from '../items/slice.ts';

/**
 * The client's starting profile: the 13 profile fields, null. The server's answer
 * (`OnboardingProfile` of @storelens/api) carries every key of the contract.
 */
export const EMPTY_PROFILE_ITEMS: Partial<ProfileItems> = {
  business_extensions: null,
  completed: null,
  industry: null,
  other_platform: null,
  other_platform_name: null,
  product_count: null,
  product_types: null,
  revenue: null,
  selling_venues: null,
  setup_client: null,
  skipped: null,
  theme: null,
  wccom_connected: null,
};

/** Onboarding operations errors and requesting flags are keyed by. */
export type OnboardingOperation =
  | 'getProfileItems'
  | 'updateProfileItems'
  | 'getTasksStatus'
  | 'getPaymentMethods'
  | 'createProductFromTemplate';

/** `wc/admin/onboarding` state. */
export interface OnboardingState {
  readonly profileItems: Partial<ProfileItems>;
  /** Task-list facts, merged as received (empty until the first answer). */
  readonly tasksStatus: Partial<TasksStatus>;
  readonly paymentMethods: readonly PaymentMethod[];
  readonly errors: Readonly<Partial<Record<OnboardingOperation, ApiError>>>;
  readonly requesting: Readonly<Partial<Record<OnboardingOperation, boolean>>>;
}

const initialState: OnboardingState = {
  profileItems: EMPTY_PROFILE_ITEMS,
  tasksStatus: {},
  paymentMethods: [],
  errors: {},
  requesting: {},
};

/** The onboarding slice. */
export const onboardingSlice = createSlice({
  name: STORE_NAMES.onboarding,
  initialState,
  reducers: {
    requested(state, action: PayloadAction<OnboardingOperation>) {
      state.requesting[action.payload] = true;
    },
    failed(state, action: PayloadAction<{ operation: OnboardingOperation; error: ApiError }>) {
      state.requesting[action.payload.operation] = false;
      state.errors[action.payload.operation] = action.payload.error;
    },
    succeeded(state, action: PayloadAction<OnboardingOperation>) {
      state.requesting[action.payload] = false;
      delete state.errors[action.payload];
    },
    profileItemsReplaced(state, action: PayloadAction<Partial<ProfileItems>>) {
      return { ...state, profileItems: { ...EMPTY_PROFILE_ITEMS, ...action.payload } };
    },
    profileItemsMerged(state, action: PayloadAction<Partial<ProfileItems>>) {
      return { ...state, profileItems: { ...state.profileItems, ...action.payload } };
    },
    tasksStatusMerged(state, action: PayloadAction<Partial<TasksStatus>>) {
      state.tasksStatus = { ...state.tasksStatus, ...action.payload };
    },
    paymentMethodsReceived(state, action: PayloadAction<readonly PaymentMethod[]>) {
      return { ...state, paymentMethods: [...action.payload] };
    },
  },
});

const {
  requested,
  failed,
  succeeded,
  profileItemsReplaced,
  profileItemsMerged,
  tasksStatusMerged,
  paymentMethodsReceived,
} = onboardingSlice.actions;

const base = `${NAMESPACES.admin}/onboarding`;

/** Runs one onboarding operation: flag, send, clear flag; on failure record and rethrow. */
function operation<R>(
  name: OnboardingOperation,
  run: (
    dispatch: Parameters<AppThunk<R>>[0],
    client: Parameters<AppThunk<R>>[2]['client'],
  ) => Promise<R>,
): AppThunk<R> {
  return async (dispatch, _getState, { client }) => {
    dispatch(requested(name));
    try {
      const value = await run(dispatch, client);
      dispatch(succeeded(name));
      return value;
    } catch (thrown) {
      const error = toApiError(thrown);
      dispatch(failed({ operation: name, error }));
      throw error;
    }
  };
}

/** Fetches the profile; it replaces the profile items entirely (missing fields become null). */
export const fetchProfileItems = (): AppThunk<Partial<ProfileItems>> =>
  operation('getProfileItems', async (dispatch, client) => {
    const { data } = await client.get<Partial<ProfileItems> | null>(`${base}/profile`);
    dispatch(profileItemsReplaced(data ?? {}));
    return { ...EMPTY_PROFILE_ITEMS, ...data };
  });

/** Updates the profile: merged locally only on status `success`; anything else fails. */
export const updateProfileItems = (
  values: Partial<ProfileItems>,
): AppThunk<ProfileUpdateResponse> =>
  operation('updateProfileItems', async (dispatch, client) => {
    const { data, status } = await client.post<ProfileUpdateResponse | null>(
      `${base}/profile`,
      values,
    );
    if (data?.status !== 'success') {
      const error = clientError('onboarding_profile_update_failed', status);
      throw data?.message ? { ...error, message: data.message } : error;
    }
    dispatch(profileItemsMerged(values));
    return data;
  });

/** Fetches task-list facts and merges them into `tasksStatus`. */
export const fetchTasksStatus = (): AppThunk<Partial<TasksStatus>> =>
  operation('getTasksStatus', async (dispatch, client) => {
    const { data } = await client.get<TasksStatus | null>(`${base}/tasks/status`);
    dispatch(tasksStatusMerged(data ?? {}));
    return data ?? {};
  });

/** Fetches the recommended payment methods. */
export const fetchPaymentMethods = (): AppThunk<readonly PaymentMethod[]> =>
  operation('getPaymentMethods', async (dispatch, client) => {
    const { data } = await client.get<PaymentMethod[] | null>(`${base}/payments`);
    dispatch(paymentMethodsReceived(data ?? []));
    return data ?? [];
  });

/** Creates a product from a template, caches it in `wc/admin/items` and returns its id. */
export const createProductFromTemplate = (
  template: { readonly template_name: ProductTemplate } & Readonly<Record<string, unknown>>,
  query: QueryArgs = {},
): AppThunk<{ id: number }> =>
  operation('createProductFromTemplate', async (dispatch, client) => {
    const { data, status } = await client.post<Partial<CreateProductFromTemplateResponse> | null>(
      `${base}/tasks/create_product_from_template`,
      template,
      query,
    );
    if (typeof data?.id !== 'number') {
      throw clientError('invalid_product_response', status);
    }
    const product = { ...data, id: data.id };
    dispatch(itemsResource.actions.itemsReceived({ scope: 'products', items: [product] }));
    return { id: data.id };
  });
