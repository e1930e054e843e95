import { getContext, setContext } from 'svelte';
import type { LocaleState } from './locale.svelte.ts';
import type { TillState } from './till-state.svelte.ts';

// One till and one language per window; components reach them through context rather than imports so tests can mount them with their own.
const TILL = Symbol('till');
const LOCALE = Symbol('locale');

/** The context a till window gives its components; a test mounts one component with it (Svelte's `context` mount option). */
export function tillContext(till: TillState, locale: LocaleState): Map<symbol, unknown> {
  return new Map<symbol, unknown>([
    [TILL, till],
    [LOCALE, locale],
  ]);
}

export function provideTill(till: TillState, locale: LocaleState): void {
  for (const [key, value] of tillContext(till, locale)) setContext(key, value);
}

export function useTill(): TillState {
  return getContext<TillState>(TILL);
}

export function useLocale(): LocaleState {
  return getContext<LocaleState>(LOCALE);
}
