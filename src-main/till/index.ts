export { TillService, type TillOptions } from './till-service.ts';
export { readBranchProfile, type BranchProfile } from './branch-profile.ts';
