import { orderStatusLabel, statusTone } from './status';
import './order-status.css';

/** Props of {@link OrderStatus}. */
export interface OrderStatusProps {
  /** The order, of which `status` is read. */
  order: { status: string };
  /** Labels by status key (e.g. from the store settings `orderStatuses`). */
  statusMap: Readonly<Record<string, string>>;
  /** Puts the label before the indicator. */
  labelPositionToLeft?: boolean;
}

/** An order status: a coloured indicator and its label. */
export function OrderStatus({ order, statusMap, labelPositionToLeft = false }: OrderStatusProps) {
  const tone = statusTone(order.status);
  return (
    <span
      className={`sl-order-status is-${tone}${labelPositionToLeft ? ' is-label-left' : ''}`}
      data-status={order.status}
    >
      <span className="sl-order-status__indicator" aria-hidden="true" />
      <span className="sl-order-status__label">{orderStatusLabel(order.status, statusMap)}</span>
    </span>
  );
}
