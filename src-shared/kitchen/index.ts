export type { KitchenAllDayCount, KitchenBoardView, KitchenDisplayRouteView, KitchenItemView, KitchenTicketView } from './kitchen-views.ts';
export { kitchenOrderOf, type KitchenOrder } from './kitchen-order.ts';
export { kitchenLine, type KitchenLine, type KitchenLineSource, type KitchenModifier } from './kitchen-line.ts';
export { kitchenInputs, type KitchenInputs } from './kitchen-inputs.ts';
export { KITCHEN_API_METHODS, KITCHEN_DISPLAY_METHODS, KITCHEN_SETUP_METHODS, type KitchenApi, type KitchenSetupApi } from './kitchen-api.ts';
