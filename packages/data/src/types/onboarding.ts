// Onboarding types per spec 001 §3 and API.md §5.3 / A4, until packages/api has schemas.

/** The onboarding profile: the 13 fields of spec 001 §3, all null until set. */
export interface ProfileItems {
  readonly business_extensions: readonly string[] | null;
  readonly completed: boolean | null;
  readonly industry:
    | readonly (string | { readonly slug: string; readonly detail?: string })[]
    | null;
  readonly other_platform: string | null;
  readonly other_platform_name: string | null;
  readonly product_count: string | null;
  readonly product_types: readonly string[] | null;
  readonly revenue: string | null;
  readonly selling_venues: string | null;
  readonly setup_client: boolean | null;
  readonly skipped: boolean | null;
  readonly theme: string | null;
  readonly wccom_connected: boolean | null;
}

/** The answer of a profile update. */
export interface ProfileUpdateResponse {
  readonly status: string;
  readonly message?: string;
}

/** Task-list facts (API.md A4); merged as received. */
export type TasksStatus = Readonly<Record<string, unknown>>;

/** A recommended payment method (API.md A4). */
export interface PaymentMethod {
  readonly key: string;
  readonly title: string;
  readonly content: string;
  readonly image: string;
  readonly plugins: readonly string[];
  readonly is_visible: boolean;
  readonly recommended_priority?: number;
}

/** Product templates the server can create from. */
export type ProductTemplate = 'physical' | 'digital' | 'variable' | (string & {});
