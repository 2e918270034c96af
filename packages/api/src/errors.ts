/** WooCommerce-style error body: `{ code, message, data: { status, params? } }`. */
export interface ApiErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; details?: unknown };
}

/** One entry of the catalogue: HTTP status and default message (`%s` is filled with a detail). */
export interface ErrorEntry {
  readonly status: number;
  readonly message: string;
}

/*
 * The one error catalogue of Storelens: every code the server answers and every code the client
 * makes up itself, each with its status and default message, in sections by who raises it.
 * WooCommerce's or WordPress's codes where they have one. docs/api.md ("Error codes") explains
 * when each is answered; packages/api/src/errors.test.ts checks that every code thrown in
 * apps/server/src and packages/data/src is listed here and every server code is documented.
 */

/** Codes of the REST layer itself (routing, bodies, parameters, the database). */
export const restErrorCatalogue = {
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): %s' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): %s' },
  rest_no_route: {
    status: 404,
    message: 'No route was found matching the URL and request method.',
  },
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_callback_disabled: { status: 400, message: 'JSONP support is disabled on this site.' },
  rest_payload_too_large: { status: 413, message: 'The request body is too large.' },
  rest_unsupported_media_type: {
    status: 415,
    message: 'Unsupported Content-Type %s: send the body as application/json.',
  },
  rest_invalid_request: { status: 400, message: 'The request could not be read: %s' },
  storelens_database_unavailable: {
    status: 503,
    message: 'The database is unavailable; try again in a few seconds.',
  },
  storelens_internal_error: { status: 500, message: 'The server could not answer this request.' },
} as const satisfies Record<string, ErrorEntry>;

/** Codes of the analytics routes (reports, pickers). */
export const reportErrorCatalogue = {
  woocommerce_analytics_performance_indicators_empty_query: {
    status: 400,
    message: 'A list of stats to query must be provided.',
  },
  woocommerce_rest_taxonomy_invalid: { status: 404, message: 'Resource does not exist.' },
  woocommerce_rest_customer_invalid_id: { status: 404, message: 'Invalid resource ID.' },
  woocommerce_rest_data_download_ips_invalid_request: {
    status: 400,
    message: 'Invalid request. Please pass the match parameter.',
  },
} as const satisfies Record<string, ErrorEntry>;

/** Codes of the admin services (options, notes, settings, plugins, stock, export, …). */
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
  woocommerce_admin_reports_export_expired: {
    status: 410,
    message:
      'This report export is no longer available. Exports are kept for %s, so please request a new one.',
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
  storelens_internal_option: {
    status: 403,
    message: 'Storelens keeps these options for itself; they cannot be read or written here: %s',
  },
  storelens_digest_not_found: { status: 404, message: 'No digest with this id.' },
  storelens_alert_not_found: { status: 404, message: 'No alert with this id.' },
  storelens_unsubscribe_invalid: {
    status: 404,
    message: 'This unsubscribe link is not valid: it was changed, or its digest no longer exists.',
  },
  storelens_cost_not_found: {
    status: 404,
    message: 'No cost entered in Storelens for this product from %s.',
  },
  storelens_cost_import_invalid: {
    status: 400,
    message: 'The costs were not imported: %s',
  },
  storelens_segment_not_found: { status: 404, message: 'No segment with this id.' },
  storelens_segment_share_forbidden: {
    status: 403,
    message: 'Sharing a segment with every user needs the manage_woocommerce capability.',
  },
} as const satisfies Record<string, ErrorEntry>;

/**
 * Per-plugin codes inside the `errors` (WP_Error) object of a plugin install or activate
 * answer; the answer itself is a 200 that lists what did work.
 */
export const pluginResultErrorCatalogue = {
  woocommerce_rest_plugin_not_found: {
    status: 404,
    message: 'The requested plugin %s is not in the Storelens catalog.',
  },
  woocommerce_rest_plugin_not_installed: {
    status: 404,
    message: 'The requested plugin %s is not installed.',
  },
} as const satisfies Record<string, ErrorEntry>;

/** Codes of login, sessions, accounts and the request guards. */
export const authErrorCatalogue = {
  rest_not_logged_in: { status: 401, message: 'You are not currently logged in.' },
  rest_forbidden: { status: 403, message: 'Sorry, you are not allowed to do that.' },
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed.' },
  storelens_invalid_login: { status: 401, message: 'The e-mail address or password is incorrect.' },
  incorrect_password: {
    status: 401,
    message: 'The e-mail address or application password is incorrect.',
  },
  storelens_too_many_attempts: {
    status: 429,
    message: 'Too many attempts. Try again in %s seconds.',
  },
  storelens_invalid_link: { status: 404, message: 'This link is invalid or has expired.' },
  storelens_password_reset_unavailable: {
    status: 409,
    message:
      'This server cannot e-mail password reset links (it needs SMTP_URL and STORELENS_PUBLIC_URL). Ask an administrator for a link, or run npm run user -- reset-password EMAIL on the server.',
  },
  storelens_setup_done: {
    status: 403,
    message: 'Storelens already has an administrator: log in instead.',
  },
  existing_user_email: { status: 400, message: 'That e-mail address is already in use.' },
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  storelens_last_administrator: {
    status: 400,
    message: 'The store needs at least one administrator: make another one first.',
  },
  rest_application_password_not_found: {
    status: 404,
    message: 'No application password with that id was found.',
  },
  storelens_invalid_host: {
    status: 421,
    message: 'This server does not answer for that host name.',
  },
  storelens_cross_origin: { status: 403, message: 'Cross-origin requests are not allowed.' },
} as const satisfies Record<string, ErrorEntry>;

/** Codes of the WooCommerce connector and its webhook receiver. */
export const connectErrorCatalogue = {
  storelens_connection_not_found: { status: 404, message: 'No connection with this id.' },
  storelens_connection_busy: { status: 400, message: 'The connection is busy: %s' },
  storelens_connection_exists: { status: 400, message: 'This shop is already connected.' },
  storelens_connection_demo_present: {
    status: 400,
    message: 'The store holds the generated demo data: reset it before connecting a shop.',
  },
  storelens_connection_other_shop: {
    status: 400,
    message: 'The store holds the data of another shop: confirm replacing it with replace_data.',
  },
  storelens_connection_not_woocommerce: {
    status: 400,
    message: '%s is not a WordPress site with the WooCommerce REST API.',
  },
  storelens_connection_unreachable: { status: 400, message: '%s could not be reached.' },
  storelens_connection_unauthorized: {
    status: 400,
    message: 'The shop refused the consumer key and secret.',
  },
  storelens_webhook_bad_signature: {
    status: 401,
    message: 'The delivery has no valid X-WC-Webhook-Signature for this connection.',
  },
  storelens_webhook_bad_topic: { status: 400, message: 'Unknown topic "%s".' },
  storelens_webhook_malformed: { status: 400, message: 'The delivery names no record id.' },
  storelens_shop_read_only: {
    status: 409,
    message:
      "The shop's API key is read-only, so Storelens cannot change stock there; nothing was changed. Connect again with a Read/Write key (WooCommerce > Settings > Advanced > REST API) to edit stock from Storelens.",
  },
  storelens_shop_product_missing: {
    status: 404,
    message:
      'The shop has no such product any more (it was deleted there); nothing was changed. The next sync removes it here.',
  },
  storelens_shop_write_failed: {
    status: 502,
    message: 'The shop did not save the change (%s); nothing was changed. Try again.',
  },
} as const satisfies Record<string, ErrorEntry>;

/**
 * Every code the server can answer. `ApiError.of` (apps/server/src/errors.ts) builds an error
 * from any of them.
 */
export const errorCatalogue = {
  ...restErrorCatalogue,
  ...reportErrorCatalogue,
  ...adminErrorCatalogue,
  ...pluginResultErrorCatalogue,
  ...authErrorCatalogue,
  ...connectErrorCatalogue,
} as const satisfies Record<string, ErrorEntry>;

/** A code the server can answer. */
export type CatalogueCode = keyof typeof errorCatalogue;
/** A code of the admin services. */
export type AdminErrorCode = keyof typeof adminErrorCatalogue;
/** An authentication code. */
export type AuthErrorCode = keyof typeof authErrorCatalogue;

/**
 * Codes the client makes up when there is no usable answer (status 0: no response), or when
 * an answer lacks what the client needs.
 */
export const clientErrorCatalogue = {
  fetch_error: { status: 0, message: 'You are probably offline.' },
  request_aborted: { status: 0, message: 'The request was cancelled.' },
  invalid_json: { status: 0, message: 'The response is not a valid JSON response.' },
  http_error: { status: 0, message: 'The server answered with an error (HTTP %d).' },
  unknown_error: { status: 0, message: 'An unknown error occurred.' },
  invalid_export_response: { status: 0, message: 'The export could not be started.' },
  settings_empty_response: { status: 0, message: 'There was a problem updating your settings.' },
  settings_update_failed: { status: 0, message: 'There was a problem updating your settings.' },
  invalid_product_response: { status: 0, message: 'The new product has no id.' },
  invalid_connect_response: { status: 0, message: 'connectAction missing' },
  invalid_paypal_status: { status: 0, message: 'production missing' },
  invalid_options_response: { status: 0, message: 'The options answer was not an object.' },
  onboarding_profile_update_failed: {
    status: 0,
    message: 'There was a problem updating the store profile.',
  },
} as const satisfies Record<string, ErrorEntry>;

/** A code the client makes up. */
export type ClientErrorCode = keyof typeof clientErrorCatalogue;
