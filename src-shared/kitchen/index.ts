export type { KitchenAllDayCount, KitchenBoardView, KitchenDisplayRouteView, KitchenItemView, KitchenTicketView } from './kitchen-views.ts';
