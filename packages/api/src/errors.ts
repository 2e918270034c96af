/** WooCommerce-style error body: `{ code, message, data: { status, params? } }`. */
export interface ApiErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; details?: unknown };
}

/** The server's error catalogue: stable code → HTTP status and default message. */
export const errorCatalogue = {
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
} as const satisfies Record<string, { status: number; message: string }>;

/** A code of the shared catalogue. */
export type CatalogueCode = keyof typeof errorCatalogue;
