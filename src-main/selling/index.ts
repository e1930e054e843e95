export { SellingService } from './selling-service.ts';
export type { SellingHooks } from './selling-service.ts';
