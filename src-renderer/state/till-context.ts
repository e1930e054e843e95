import { getContext, setContext } from 'svelte';
import type { LocaleState } from './locale.svelte.ts';
import type { TillState } from './till-state.svelte.ts';

// One till and one language per window; components reach them through context rather than imports so tests can mount them with their own.
const TILL = Symbol('till');
const LOCALE = Symbol('locale');

export function provideTill(till: TillState, locale: LocaleState): void {
  setContext(TILL, till);
  setContext(LOCALE, locale);
}

export function useTill(): TillState {
  return getContext<TillState>(TILL);
}

export function useLocale(): LocaleState {
  return getContext<LocaleState>(LOCALE);
}
