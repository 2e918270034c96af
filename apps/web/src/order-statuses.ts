import type { BootSettings } from '@storelens/api';
import { __ } from '@storelens/i18n';

/** WooCommerce's order statuses with their labels (the status filter's first options). */
export const ORDER_STATUSES: readonly { value: string; label: string }[] = [
  { value: 'pending', label: __('Pending payment') },
  { value: 'processing', label: __('Processing') },
  { value: 'on-hold', label: __('On hold') },
  { value: 'completed', label: __('Completed') },
  { value: 'cancelled', label: __('Cancelled') },
  { value: 'refunded', label: __('Refunded') },
  { value: 'failed', label: __('Failed') },
];

const CORE_LABELS = Object.fromEntries(ORDER_STATUSES.map((s) => [s.value, s.label]));

/** Labels by status: WooCommerce's, and the store's custom statuses' (`customStatuses`). */
export function statusLabels(custom: BootSettings['customStatuses']): Record<string, string> {
  return custom?.length
    ? { ...CORE_LABELS, ...Object.fromEntries(custom.map((s) => [s.value, s.label])) }
    : CORE_LABELS;
}
