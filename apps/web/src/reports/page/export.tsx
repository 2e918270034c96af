import { saveTextFile, type TableCell, type TableHeader, tableToCsv } from '@storelens/components';
import { type QueryArgs, useExport } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { useId, useState } from 'react';
import { reportCsvFileName } from './csv';

/** The export job's report arguments: the table query without its paging. */
export function exportArgs(args: QueryArgs): QueryArgs {
  const { page: _page, per_page: _perPage, ...rest } = args;
  return rest;
}

/** Whether the page already holds every row, so the browser can write the file itself. */
export function allRowsOnPage(rowsOnPage: number, totalRows: number): boolean {
  return rowsOnPage >= totalRows;
}

/** Props of the Download control. */
interface ExportButtonProps {
  readonly title: string;
  readonly endpoint: string;
  readonly query: Query;
  /** The table request (for the server export). */
  readonly args: QueryArgs;
  readonly headers: readonly TableHeader[];
  readonly rows: readonly (readonly TableCell[])[];
  readonly totalRows: number;
  readonly disabled: boolean;
  readonly searchIdParam?: string;
}

/**
 * Download (done so the file always arrives): when every row is on the page
 * the browser saves the CSV at once; otherwise the server's export job runs and its progress
 * and then a download link show here. An e-mail, when the server sends one, is only a notice.
 */
export function ExportButton({
  title,
  endpoint,
  query,
  args,
  headers,
  rows,
  totalRows,
  disabled,
  searchIdParam,
}: ExportButtonProps) {
  const job = useExport(endpoint, exportArgs(args));
  const [started, setStarted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const statusId = useId();
  const percent = job.status?.percent_complete ?? 0;
  const url = job.status?.download_url;

  const download = () => {
    if (allRowsOnPage(rows.length, totalRows)) {
      saveTextFile(
        reportCsvFileName(title, new Date(), query, searchIdParam),
        tableToCsv(headers, rows),
      );
      return;
    }
    setStarted(true);
    setMessage(null);
    job.startExport().then(
      (answer) => {
        if (!answer.exportId) setMessage(answer.message);
      },
      (error: { message?: string }) =>
        setMessage(
          error?.message ||
            sprintf(__('There was a problem exporting your %s Report. Please try again.'), title),
        ),
    );
  };

  const running = started && job.exportId !== null && !url;
  return (
    <div className="sl-report__export">
      <button
        type="button"
        className="sl-table-card__download"
        onClick={download}
        disabled={disabled || job.isRequesting || running}
        aria-describedby={started ? statusId : undefined}
      >
        {__('Download')}
      </button>
      {started && (
        <div id={statusId} className="sl-report__export-status" role="status">
          {running && (
            <>
              <progress
                max={100}
                value={percent}
                aria-label={sprintf(__('Preparing the %s file'), title)}
              />{' '}
              {sprintf(__('Preparing your file: %d%%'), percent)}
            </>
          )}
          {url && (
            <a href={url} download className="sl-link">
              {sprintf(__('Download the %s CSV'), title)}
            </a>
          )}
          {message && <span>{message}</span>}
        </div>
      )}
    </div>
  );
}
