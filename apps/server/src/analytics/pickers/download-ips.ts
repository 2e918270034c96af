/** Logged download IPs by prefix (GET /wc-analytics/data/download-ips). */
import type { DownloadIpRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { LIKE } from './page';

/** Distinct logged download IPs starting with `match`, at most 10. */
export async function downloadIps(ctx: ReportContext, match: string): Promise<DownloadIpRow[]> {
  const prefix = `${match.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.sql.query<{ ip: string }>(
    `SELECT DISTINCT user_ip_address AS ip FROM download_log WHERE user_ip_address ${LIKE}
     ORDER BY user_ip_address LIMIT 10`,
    [prefix],
  );
  return rows.map((r) => ({ user_ip_address: r.ip }));
}
