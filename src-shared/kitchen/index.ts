export type { KitchenAllDayCount, KitchenBoardView, KitchenDisplayRouteView, KitchenItemView, KitchenTicketView } from './kitchen-views.ts';
export { kitchenOrderOf, type KitchenLine, type KitchenOrder } from './kitchen-order.ts';
