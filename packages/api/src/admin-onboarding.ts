import type { Static } from 'typebox';
import { Type } from 'typebox';
import { AdminBool, AdminContext, literalUnion, nullable } from './admin-common';

const slug = Type.String({ pattern: '^[a-z0-9_-]{1,100}$' });
const slugList = Type.Array(slug, { maxItems: 50 });

/** Known onboarding profile properties and their allowed values; unknown keys are a 400. */
export const OnboardingProfileBody = Type.Object(
  {
    completed: Type.Optional(nullable(Type.Boolean())),
    skipped: Type.Optional(nullable(Type.Boolean())),
    plugins: Type.Optional(
      nullable(
        literalUnion([
          'skipped',
          'skipped-wcs',
          'already-installed',
          'installed-wcs',
          'installed',
        ] as const),
      ),
    ),
    account_type: Type.Optional(nullable(literalUnion(['new', 'existing', 'google'] as const))),
    industry: Type.Optional(
      nullable(
        Type.Array(
          Type.Union([
            slug,
            Type.Object(
              { slug, detail: Type.Optional(Type.String({ maxLength: 500 })) },
              { additionalProperties: false },
            ),
          ]),
          { maxItems: 50 },
        ),
      ),
    ),
    product_types: Type.Optional(nullable(slugList)),
    product_count: Type.Optional(
      nullable(literalUnion(['0', '1-10', '11-100', '101-1000', '1000+'] as const)),
    ),
    selling_venues: Type.Optional(
      nullable(
        literalUnion([
          'no',
          'other',
          'brick-mortar',
          'brick-mortar-other',
          'other-woocommerce',
        ] as const),
      ),
    ),
    revenue: Type.Optional(
      nullable(
        literalUnion([
          'none',
          'up-to-2500',
          '2500-10000',
          '10000-50000',
          '50000-250000',
          'more-than-250000',
        ] as const),
      ),
    ),
    other_platform: Type.Optional(
      nullable(literalUnion(['shopify', 'bigcommerce', 'magento', 'wix', 'other'] as const)),
    ),
    other_platform_name: Type.Optional(nullable(Type.String({ maxLength: 200 }))),
    business_extensions: Type.Optional(nullable(slugList)),
    theme: Type.Optional(nullable(Type.String({ maxLength: 200 }))),
    items_purchased: Type.Optional(nullable(Type.Boolean())),
    setup_client: Type.Optional(nullable(Type.Boolean())),
    wccom_connected: Type.Optional(nullable(Type.Boolean())),
  },
  { additionalProperties: false },
);
/** A profile update (every key optional). */
export type OnboardingProfileUpdate = Static<typeof OnboardingProfileBody>;
/** `GET /wc-admin/onboarding/profile`: every known key, null when never set. */
export const OnboardingProfileResponse = Type.Required(OnboardingProfileBody);
/** The whole profile: every known key, null when never set. */
export type OnboardingProfile = {
  [K in keyof OnboardingProfileUpdate]-?: Exclude<OnboardingProfileUpdate[K], undefined> | null;
};

/** Profile property names, in a stable order. */
export const onboardingProfileKeys = Object.keys(
  OnboardingProfileBody.properties,
) as (keyof OnboardingProfile)[];

/** Product templates `create_product_from_template` knows. */
export const productTemplates = ['physical', 'digital', 'variable'] as const;
/** One product template. */
export type ProductTemplate = (typeof productTemplates)[number];

/** `POST /wc-admin/onboarding/tasks/create_product_from_template` (body or query). */
export const CreateProductFromTemplateBody = Type.Object(
  { template_name: literalUnion(productTemplates), context: AdminContext },
  { additionalProperties: false },
);

/** `GET /wc-admin/onboarding/tasks/status`: facts the task list needs. */
export const TasksStatus = Type.Object({
  hasProducts: Type.Boolean(),
  hasPhysicalProducts: Type.Boolean(),
  hasPaymentGateway: Type.Boolean(),
  isTaxComplete: Type.Boolean(),
  shippingZonesCount: Type.Integer(),
  isAppearanceComplete: Type.Boolean(),
  hasHomepage: Type.Boolean(),
  enabledPaymentGateways: Type.Array(Type.String()),
});
/** The task list's facts. */
export type TasksStatus = Static<typeof TasksStatus>;

/** One recommended payment method. */
export const OnboardingPaymentMethod = Type.Object({
  key: Type.String(),
  title: Type.String(),
  content: Type.String(),
  image: Type.String(),
  plugins: Type.Array(Type.String()),
  is_visible: Type.Boolean(),
  recommended_priority: Type.Number(),
});
/** One recommended payment method. */
export type OnboardingPaymentMethod = Static<typeof OnboardingPaymentMethod>;

/** One onboarding task as WooCommerce's task list client reads it. */
export interface OnboardingTask {
  id: string;
  parentId: string;
  title: string;
  content: string;
  actionLabel: string;
  actionUrl: string | null;
  time: string;
  level: 1 | 2 | 3;
  isComplete: boolean;
  isVisible: boolean;
  isDismissable: boolean;
  isDismissed: boolean;
  isSnoozeable: boolean;
  isSnoozed: boolean;
  snoozedUntil: number;
  isActioned: boolean;
  isVisited: boolean;
  isDisabled: boolean;
  isInProgress: boolean;
  inProgressLabel: string;
  canView: boolean;
  additionalInfo: string;
  eventPrefix: string;
  recordViewEvent: boolean;
}

/** One onboarding task list (`GET /wc-admin/onboarding/tasks`). */
export interface OnboardingTaskList {
  id: string;
  title: string;
  isHidden: boolean;
  isVisible: boolean;
  isComplete: boolean;
  eventPrefix: string;
  displayProgressHeader: boolean;
  keepCompletedTaskList: 'yes' | 'no';
  tasks: OnboardingTask[];
}

/** `{task_id}` / `{list_id}` route params of the task actions. */
export const OnboardingTaskParams = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9_-]{1,100}$' }),
});

/** One payment gateway suggestion (`GET /wc-admin/payment-gateway-suggestions`). */
export interface PaymentGatewaySuggestion {
  id: string;
  title: string;
  content: string;
  image: string;
  image_72x72: string;
  square_image: string;
  plugins: string[];
  is_visible: boolean;
  recommendation_priority: number;
  category_other: string[];
  category_additional: string[];
}

/** `GET /wc-admin/payment-gateway-suggestions` query. */
export const PaymentGatewaySuggestionsQuery = Type.Object(
  {
    force_default_suggestions: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** One free extension of `GET /wc-admin/onboarding/free-extensions`. */
export interface FreeExtension {
  key: string;
  name: string;
  description: string;
  image_url: string;
  manage_url: string;
  is_built_by_wc: boolean;
  is_visible: boolean;
  is_installed: boolean;
  is_activated: boolean;
}

/** A bundle of free extensions. */
export interface FreeExtensionList {
  key: string;
  title: string;
  plugins: FreeExtension[];
}

/** One product type of `GET /wc-admin/onboarding/product-types`. */
export interface OnboardingProductType {
  label: string;
  description: string;
  default?: boolean;
}

/** Core profiler steps the client records as completed. */
export const coreProfilerSteps = [
  'intro-opt-in',
  'skip-guided-setup',
  'user-profile',
  'business-info',
  'plugins',
] as const;

/** `POST /wc-admin/onboarding/profile/progress/core-profiler/complete`. */
export const CoreProfilerCompleteBody = Type.Object(
  { step: literalUnion(coreProfilerSteps) },
  { additionalProperties: false },
);

/** `GET /wc-admin/onboarding/profile/progress`. */
export interface OnboardingProfileProgress {
  core_profiler_completed_steps: Partial<
    Record<(typeof coreProfilerSteps)[number], { completed_at: string }>
  >;
}
