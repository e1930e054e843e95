export { KitchenService } from './kitchen-service.ts';
