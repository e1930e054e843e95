export { default as SignIn } from './SignIn.svelte';
export { default as PullProgress } from './PullProgress.svelte';
