/**
 * The admin services' error catalogue: stable code → HTTP status and default message (`%s` is
 * filled with a detail). WooCommerce's codes where it has one.
 */
export const adminErrorCatalogue = {
  woocommerce_rest_cannot_view: { status: 400, message: 'Name the options to read: %s' },
  woocommerce_note_invalid_id: {
    status: 404,
    message: 'Sorry, there is no resource with that ID.',
  },
  woocommerce_note_action_invalid_id: {
    status: 404,
    message: 'Sorry, there is no action with that ID on this note.',
  },
  woocommerce_note_invalid_ids: {
    status: 422,
    message: 'Please provide an array of IDs through the noteIds param.',
  },
  woocommerce_favorites_invalid_request: {
    status: 400,
    message: 'You must provide an item_id.',
  },
  woocommerce_favorites_invalid_user: { status: 400, message: 'Invalid user.' },
  woocommerce_favorites_already_exists: {
    status: 409,
    message: 'Favorite already exists: %s',
  },
  woocommerce_favorites_does_not_exist: {
    status: 404,
    message: 'Favorite item not found: %s',
  },
  woocommerce_favorites_unauthenticated: { status: 401, message: 'You must be authenticated.' },
  woocommerce_rest_setting_invalid: { status: 404, message: 'Invalid setting: %s' },
  woocommerce_rest_setting_group_invalid: { status: 404, message: 'Invalid setting group: %s' },
  woocommerce_rest_setting_value_invalid: { status: 400, message: 'Invalid setting value: %s' },
  woocommerce_rest_invalid_plugins: {
    status: 404,
    message: 'Plugins must be a non-empty array or comma-separated list of slugs.',
  },
  woocommerce_rest_jetpack_not_active: {
    status: 404,
    message: 'Jetpack is not installed or not active; install and activate it first.',
  },
  woocommerce_rest_jetpack_invalid_state: {
    status: 400,
    message: 'This Jetpack connection link is no longer valid; start the connection again.',
  },
  woocommerce_rest_plugin_job_invalid_id: { status: 404, message: 'No plugin job with the ID %s.' },
  woocommerce_rest_paypal_not_active: {
    status: 404,
    message: 'The PayPal Payments extension is not active.',
  },
  woocommerce_rest_review_invalid_id: { status: 404, message: 'Invalid review ID.' },
  woocommerce_rest_product_invalid_id: { status: 404, message: 'Invalid product ID.' },
  woocommerce_rest_product_variation_invalid_id: {
    status: 404,
    message: 'Invalid variation ID for this product.',
  },
  woocommerce_rest_product_not_stock_managed: {
    status: 400,
    message: 'A variable product has no stock of its own; update its variations instead.',
  },
  woocommerce_admin_reports_export_invalid_type: {
    status: 404,
    message: 'There is no exportable report of type %s.',
  },
  woocommerce_admin_reports_export_invalid_id: {
    status: 404,
    message: 'Sorry, there is no export with that ID.',
  },
  woocommerce_admin_reports_export_not_ready: {
    status: 409,
    message: 'The export file is not ready yet.',
  },
  woocommerce_admin_reports_export_failed: {
    status: 422,
    message: 'The export could not be completed: %s',
  },
  woocommerce_rest_invalid_task: { status: 404, message: 'Sorry, that task was not found.' },
  woocommerce_rest_invalid_task_list: {
    status: 404,
    message: 'Sorry, that task list was not found.',
  },
  woocommerce_rest_task_not_dismissable: {
    status: 400,
    message: 'Sorry, the task %s cannot be dismissed.',
  },
  woocommerce_rest_task_not_snoozeable: {
    status: 400,
    message: 'Sorry, the task %s cannot be snoozed.',
  },
  woocommerce_admin_reports_import_busy: {
    status: 409,
    message: 'An import is already running; cancel it first.',
  },
  storelens_option_too_large: {
    status: 413,
    message: 'An option value may be at most %s bytes of JSON.',
  },
  storelens_too_many_options: {
    status: 400,
    message: 'A store may keep at most %s options.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

/** A code of the admin catalogue. */
export type AdminErrorCode = keyof typeof adminErrorCatalogue;
