/** When the demo cafe's records were made: fixed, so a seed gives the same tenant on every run. */
export const DEMO_EPOCH = Date.UTC(2025, 0, 5, 6, 0, 0);

/** The seed used when none is given. */
export const DEFAULT_SEED = 1;

export const DAY_MS = 86_400_000;

/** Images and logos live under a reserved example domain: nothing is fetched from it. */
export const DEMO_ASSETS = 'https://assets.till.example';
