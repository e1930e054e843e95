export type * from './branch-views.ts';
export { branchInputs, type BranchInputs } from './branch-inputs.ts';
export { BRANCH_API_METHODS, type BranchApi } from './branch-api.ts';
export { checkLogoPng, LOGO_MAX_BASE64, LOGO_MAX_BYTES, LOGO_MAX_SIDE, type LogoCheck, type LogoProblem } from './logo-png.ts';
