import { ScreenLoader } from '../ui/index.ts';

/**
 * The B2B buyer's form, fetched when a cashier first asks for a tax invoice
 * (issue 34 item 8): its checks are the host's own zod rules and the
 * settings' VAT number rule, about 100 KB the sell screen would otherwise
 * load and run at every start.
 */
export const buyerForm = new ScreenLoader(() => import('./BuyerForm.svelte').then((module) => ({ BuyerForm: module.default })));
