export { OrderStatus, type OrderStatusProps } from './OrderStatus';
export { orderStatusLabel, type StatusTone, statusTone } from './status';
