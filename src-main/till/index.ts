export { TillService, type TillOptions } from './till-service.ts';
export { readBranchProfile, type BranchProfile } from './branch-profile.ts';
export { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
