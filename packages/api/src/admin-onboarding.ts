import type { Static } from 'typebox';
import { Type } from 'typebox';
import { AdminBool, AdminContext, Closed, literalUnion, nullable, orNull } from './admin-common';

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

/** `POST /wc-admin/onboarding/tasks/create_product_from_template`: the new product's id. */
export const CreateProductFromTemplateResponse = Closed({ id: Type.Integer() });
/** The new product's id. */
export type CreateProductFromTemplateResponse = Static<typeof CreateProductFromTemplateResponse>;

/** `GET /wc-admin/onboarding/tasks/status`: facts the task list needs. */
export const TasksStatus = Closed({
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
export const OnboardingPaymentMethod = Closed({
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
/** `GET /wc-admin/onboarding/payments`. */
export const OnboardingPaymentsResponse = Type.Array(OnboardingPaymentMethod);

/** One onboarding task as WooCommerce's task list client reads it (and a task action answers). */
export const OnboardingTask = Closed({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  content: Type.String(),
  actionLabel: Type.String(),
  actionUrl: orNull(Type.String()),
  time: Type.String(),
  level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  isComplete: Type.Boolean(),
  isVisible: Type.Boolean(),
  isDismissable: Type.Boolean(),
  isDismissed: Type.Boolean(),
  isSnoozeable: Type.Boolean(),
  isSnoozed: Type.Boolean(),
  snoozedUntil: Type.Number(),
  isActioned: Type.Boolean(),
  isVisited: Type.Boolean(),
  isDisabled: Type.Boolean(),
  isInProgress: Type.Boolean(),
  inProgressLabel: Type.String(),
  canView: Type.Boolean(),
  additionalInfo: Type.String(),
  eventPrefix: Type.String(),
  recordViewEvent: Type.Boolean(),
});
/** One onboarding task. */
export type OnboardingTask = Static<typeof OnboardingTask>;

/** One onboarding task list (and the answer of hiding or showing one). */
export const OnboardingTaskList = Closed({
  id: Type.String(),
  title: Type.String(),
  isHidden: Type.Boolean(),
  isVisible: Type.Boolean(),
  isComplete: Type.Boolean(),
  eventPrefix: Type.String(),
  displayProgressHeader: Type.Boolean(),
  keepCompletedTaskList: literalUnion(['yes', 'no'] as const),
  tasks: Type.Array(OnboardingTask),
});
/** One onboarding task list. */
export type OnboardingTaskList = Static<typeof OnboardingTaskList>;

/** `GET /wc-admin/onboarding/tasks`. */
export const OnboardingTaskListsResponse = Type.Array(OnboardingTaskList);

/** `{task_id}` / `{list_id}` route params of the task actions. */
export const OnboardingTaskParams = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9_-]{1,100}$' }),
});

/** One payment gateway suggestion (`GET /wc-admin/payment-gateway-suggestions`). */
export const PaymentGatewaySuggestion = Closed({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  image: Type.String(),
  image_72x72: Type.String(),
  square_image: Type.String(),
  plugins: Type.Array(Type.String()),
  is_visible: Type.Boolean(),
  recommendation_priority: Type.Number(),
  category_other: Type.Array(Type.String()),
  category_additional: Type.Array(Type.String()),
});
/** One payment gateway suggestion. */
export type PaymentGatewaySuggestion = Static<typeof PaymentGatewaySuggestion>;
/** `GET /wc-admin/payment-gateway-suggestions`. */
export const PaymentGatewaySuggestionsResponse = Type.Array(PaymentGatewaySuggestion);
/** `POST /wc-admin/payment-gateway-suggestions/dismiss`: `true`. */
export const PaymentGatewaySuggestionsDismissResponse = Type.Boolean();

/** `GET /wc-admin/payment-gateway-suggestions` query. */
export const PaymentGatewaySuggestionsQuery = Type.Object(
  {
    force_default_suggestions: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** One free extension of `GET /wc-admin/onboarding/free-extensions`. */
export const FreeExtension = Closed({
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  image_url: Type.String(),
  manage_url: Type.String(),
  is_built_by_wc: Type.Boolean(),
  is_visible: Type.Boolean(),
  is_installed: Type.Boolean(),
  is_activated: Type.Boolean(),
});
/** One free extension. */
export type FreeExtension = Static<typeof FreeExtension>;

/** A bundle of free extensions. */
export const FreeExtensionList = Closed({
  key: Type.String(),
  title: Type.String(),
  plugins: Type.Array(FreeExtension),
});
/** A bundle of free extensions. */
export type FreeExtensionList = Static<typeof FreeExtensionList>;
/** `GET /wc-admin/onboarding/free-extensions`. */
export const FreeExtensionsResponse = Type.Array(FreeExtensionList);

/** One product type of `GET /wc-admin/onboarding/product-types`. */
export const OnboardingProductType = Closed({
  label: Type.String(),
  description: Type.String(),
  default: Type.Optional(Type.Boolean()),
});
/** One product type. */
export type OnboardingProductType = Static<typeof OnboardingProductType>;
/** `GET /wc-admin/onboarding/product-types`: the types by key. */
export const OnboardingProductTypesResponse = Type.Record(Type.String(), OnboardingProductType);

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

/** `GET /wc-admin/onboarding/profile/progress`: when each profiler step was completed. */
export const OnboardingProfileProgress = Closed({
  core_profiler_completed_steps: Type.Record(
    Type.String(),
    Closed({ completed_at: Type.String() }),
  ),
});
/** The profiler's progress. */
export type OnboardingProfileProgress = Static<typeof OnboardingProfileProgress>;
