export { TillState, type Notice, type Screen, type TillLink, type TillView } from './till-state.svelte.ts';
export { LocaleState } from './locale.svelte.ts';
export { provideTill, tillContext, useLocale, useTill } from './till-context.ts';
export { describeError, firstLine, issueLine, wordLine, type DetailLine, type ErrorText } from './describe-error.ts';
export { ListSource, PagedSource, type ProductSource } from './product-source.svelte.ts';
export { listenForBarcodes, isTextField } from './barcode-wedge.ts';
export { calendarDate, clockTime, dateTime, isolate, money, parseAmount, percent, phoneText, setMoneyDecimals } from './format.ts';
export { rejectionText } from './rejection-text.ts';
export { methodName, priceListName } from './method-name.ts';
