import { type ApiErrorBody, type CatalogueCode, errorCatalogue } from '@storelens/api';

/** An error a route throws on purpose: it becomes a WooCommerce-style body with its status. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }

  /** An error from the shared catalogue, with `%s` filled. */
  static of(code: CatalogueCode, detail = '', params?: Record<string, string>): ApiError {
    const entry = errorCatalogue[code];
    return new ApiError(code, entry.message.replace('%s', detail), entry.status, params);
  }

  /** A 400 `rest_invalid_param` naming each bad parameter. */
  static invalidParams(params: Record<string, string>): ApiError {
    return ApiError.of('rest_invalid_param', Object.keys(params).join(', '), params);
  }

  toBody(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...(this.params ? { params: this.params } : {}) },
    };
  }
}
