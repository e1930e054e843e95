export { default as KitchenScreen } from './KitchenScreen.svelte';
export { KitchenBoard } from './kitchen-board.svelte.ts';
export { KitchenTicker } from './kitchen-ticker.svelte.ts';
export { bumpBarAction, BUMP_BAR_KEYS, type BumpBarAction, type KeyPress } from './bump-bar-keys.ts';
export { ticketAge, type AgeTone, type TicketAge } from './ticket-age.ts';
