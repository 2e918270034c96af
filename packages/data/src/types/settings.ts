// Settings types per API.md §5.8, until packages/api has schemas.

/** One setting as GET /settings/{group} lists it. */
export interface Setting {
  readonly id: string;
  readonly value: unknown;
  readonly label?: string;
  readonly description?: string;
  readonly type?: string;
  readonly default?: unknown;
  readonly options?: Readonly<Record<string, string>>;
}

/** Body and answer of POST /settings/{group}/batch. */
export interface SettingsBatch {
  readonly update: readonly { readonly id: string; readonly value: unknown }[];
}
