// Export types per API.md §5.6 / A4, until packages/api has schemas.

/** The answer of POST /reports/{type}/export. */
export interface ExportStartResponse {
  readonly message: string;
  /** Missing when there is nothing to export. */
  readonly export_id?: string;
}

/** The answer of GET /reports/{type}/export/{id}/status. */
export interface ExportStatus {
  readonly percent_complete: number;
  readonly download_url?: string;
}
