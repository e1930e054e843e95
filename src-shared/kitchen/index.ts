export type { KitchenAllDayCount, KitchenBoardView, KitchenItemView, KitchenTicketView } from './kitchen-views.ts';
