/** Visual tone of an order status indicator. */
export type StatusTone = 'positive' | 'progress' | 'warning' | 'negative' | 'neutral';

const TONES: Record<string, StatusTone> = {
  completed: 'positive',
  processing: 'progress',
  'on-hold': 'warning',
  pending: 'neutral',
  failed: 'negative',
  cancelled: 'negative',
  refunded: 'neutral',
};

/** The status without WooCommerce's `wc-` prefix. */
export function bareStatus(status: string): string {
  return status.startsWith('wc-') ? status.slice(3) : status;
}

/** The label of a status from the store's status map (keys with or without `wc-`), else the status itself. */
export function orderStatusLabel(
  status: string,
  statusMap: Readonly<Record<string, string>>,
): string {
  const bare = bareStatus(status);
  return statusMap[status] ?? statusMap[bare] ?? statusMap[`wc-${bare}`] ?? bare;
}

/** The indicator tone of a status; unknown (custom) statuses are neutral. */
export function statusTone(status: string): StatusTone {
  return TONES[bareStatus(status)] ?? 'neutral';
}
