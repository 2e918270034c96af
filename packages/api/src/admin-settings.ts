import { type Static, Type } from 'typebox';
import { AdminContext, Closed, literalUnion } from './admin-common';
import { dateTypes, orderStatuses } from './revenue';

/** Setting groups the server knows. */
export const settingGroups = ['wc_admin', 'general'] as const;
/** One setting group. */
export type SettingGroup = (typeof settingGroups)[number];

/** How a setting's value is validated. */
export type SettingKind =
  | { type: 'multiselect'; options: Record<string, string> }
  | { type: 'select'; options: Record<string, string> }
  | { type: 'text'; maxLength: number; pattern?: string }
  | { type: 'number'; min: number; max: number }
  | { type: 'timezone' };

/** A setting's definition: id, labels, default and value rules. */
export interface SettingDefinition {
  id: string;
  group: SettingGroup;
  label: string;
  description: string;
  default: unknown;
  kind: SettingKind;
}

/** A setting as `GET /wc-analytics/settings/{group}` lists it. */
export const SettingBody = Closed({
  id: Type.String(),
  group_id: literalUnion(settingGroups),
  label: Type.String(),
  description: Type.String(),
  type: literalUnion(['multiselect', 'select', 'text', 'number'] as const),
  default: Type.Unknown(),
  options: Type.Optional(Type.Record(Type.String(), Type.String())),
  value: Type.Unknown(),
});
/** A setting as the API lists it. */
export type SettingBody = Static<typeof SettingBody>;

/** `GET /wc-analytics/settings/{group}`. */
export const SettingsResponse = Type.Array(SettingBody);

/** `POST /wc-analytics/settings/{group}/batch`: the updated settings. */
export const SettingsBatchResponse = Closed({ update: Type.Array(SettingBody) });
/** The batch update's answer. */
export type SettingsBatchResponse = Static<typeof SettingsBatchResponse>;

const statusOptions = Object.fromEntries(
  orderStatuses.map((s) => [s, s.replace('-', ' ').replace(/^./, (c) => c.toUpperCase())]),
);
/** Refunded cannot be excluded (the settings UI hides it). */
const excludableStatuses = Object.fromEntries(
  Object.entries(statusOptions).filter(([s]) => s !== 'refunded'),
);

/** Every setting of every group. */
export const settingDefinitions: readonly SettingDefinition[] = [
  {
    id: 'woocommerce_excluded_report_order_statuses',
    group: 'wc_admin',
    label: 'Excluded statuses',
    description: 'Orders with these statuses are left out of every report.',
    default: ['pending', 'failed', 'cancelled'],
    kind: { type: 'multiselect', options: excludableStatuses },
  },
  {
    id: 'woocommerce_actionable_order_statuses',
    group: 'wc_admin',
    label: 'Actionable statuses',
    description: 'Orders with these statuses need the shop manager to act on them.',
    default: ['processing', 'on-hold'],
    kind: { type: 'multiselect', options: statusOptions },
  },
  {
    id: 'woocommerce_default_date_range',
    group: 'wc_admin',
    label: 'Default date range',
    description: 'The period and comparison reports open with.',
    default: 'period=month&compare=previous_year',
    kind: { type: 'text', maxLength: 500, pattern: '^[A-Za-z0-9_=&%:.+-]*$' },
  },
  {
    id: 'woocommerce_date_type',
    group: 'wc_admin',
    label: 'Date type',
    description:
      'Which order date the orders and revenue reports use; orders without that date are left out.',
    default: 'date_paid',
    kind: {
      type: 'select',
      options: Object.fromEntries(
        dateTypes.map((d) => [
          d,
          {
            date_paid: 'Date paid',
            date_created: 'Date created',
            date_completed: 'Date completed',
          }[d],
        ]),
      ),
    },
  },
  {
    id: 'woocommerce_store_address',
    group: 'general',
    label: 'Address line 1',
    description: 'The street address of your business.',
    default: '',
    kind: { type: 'text', maxLength: 200 },
  },
  {
    id: 'woocommerce_store_address_2',
    group: 'general',
    label: 'Address line 2',
    description: 'An additional, optional address line.',
    default: '',
    kind: { type: 'text', maxLength: 200 },
  },
  {
    id: 'woocommerce_store_city',
    group: 'general',
    label: 'City',
    description: 'The city in which your business is located.',
    default: '',
    kind: { type: 'text', maxLength: 100 },
  },
  {
    id: 'woocommerce_default_country',
    group: 'general',
    label: 'Country / State',
    description: 'The country and state or province, e.g. US:CA.',
    default: 'US:CA',
    kind: { type: 'text', maxLength: 20, pattern: '^[A-Z]{2}(:[A-Z0-9-]{1,10})?$' },
  },
  {
    id: 'woocommerce_store_postcode',
    group: 'general',
    label: 'Postcode / ZIP',
    description: 'The postal code, if any, in which your business is located.',
    default: '',
    kind: { type: 'text', maxLength: 20 },
  },
  {
    id: 'woocommerce_currency',
    group: 'general',
    label: 'Currency',
    description: 'The ISO 4217 code of the currency prices are in.',
    default: 'USD',
    kind: { type: 'text', maxLength: 3, pattern: '^[A-Z]{3}$' },
  },
  {
    id: 'woocommerce_currency_pos',
    group: 'general',
    label: 'Currency position',
    description: 'Where the currency symbol goes.',
    default: 'left',
    kind: {
      type: 'select',
      options: {
        left: 'Left',
        right: 'Right',
        left_space: 'Left with space',
        right_space: 'Right with space',
      },
    },
  },
  {
    id: 'woocommerce_price_thousand_sep',
    group: 'general',
    label: 'Thousand separator',
    description: 'The thousand separator of displayed prices.',
    default: ',',
    kind: { type: 'text', maxLength: 3, pattern: '^[^0-9]*$' },
  },
  {
    id: 'woocommerce_price_decimal_sep',
    group: 'general',
    label: 'Decimal separator',
    description: 'The decimal separator of displayed prices.',
    default: '.',
    kind: { type: 'text', maxLength: 3, pattern: '^[^0-9]+$' },
  },
  {
    id: 'woocommerce_price_num_decimals',
    group: 'general',
    label: 'Number of decimals',
    description: 'The number of decimal points shown in displayed prices.',
    default: 2,
    kind: { type: 'number', min: 0, max: 4 },
  },
  {
    id: 'timezone_string',
    group: 'general',
    label: 'Timezone',
    description: 'The store time zone (an IANA name); it decides every local date in reports.',
    default: 'UTC',
    kind: { type: 'timezone' },
  },
  {
    id: 'start_of_week',
    group: 'general',
    label: 'Week starts on',
    description: 'The first day of a week in weekly reports.',
    default: 1,
    kind: {
      type: 'select',
      options: {
        '0': 'Sunday',
        '1': 'Monday',
        '2': 'Tuesday',
        '3': 'Wednesday',
        '4': 'Thursday',
        '5': 'Friday',
        '6': 'Saturday',
      },
    },
  },
];

/** Settings whose change invalidates the report cache. */
export const reportSettingIds = [
  'woocommerce_excluded_report_order_statuses',
  'woocommerce_date_type',
  'timezone_string',
  'start_of_week',
] as const;

/** Settings whose change means the lookup tables must be rebuilt (local dates, new vs returning). */
export const rebuildSettingIds = [
  'woocommerce_excluded_report_order_statuses',
  'timezone_string',
] as const;

/** `{group}` / `{group}/{id}` route params. */
export const SettingGroupParams = Type.Object({ group: Type.String({ maxLength: 100 }) });
/** `{group}/{id}` route params. */
export const SettingParams = Type.Object({
  group: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 191 }),
});

/** `GET /wc-analytics/settings/{group}` query. */
export const SettingsQuery = Type.Object(
  { context: AdminContext },
  { additionalProperties: false },
);

/** `PUT /wc-analytics/settings/{group}/{id}` body. */
export const SettingUpdateBody = Type.Object(
  { value: Type.Unknown() },
  { additionalProperties: false },
);

/** `POST /wc-analytics/settings/{group}/batch` body. */
export const SettingsBatchBody = Type.Object(
  {
    update: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ maxLength: 191 }), value: Type.Unknown() },
          { additionalProperties: false },
        ),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
);
/** A settings batch (the body, and the answer: the settings as updated). */
export type SettingsBatch = Static<typeof SettingsBatchBody>;
