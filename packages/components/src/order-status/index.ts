export { OrderStatus, type OrderStatusProps } from './order-status';
export { orderStatusLabel, type StatusTone, statusTone } from './status';
