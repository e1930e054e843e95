export { businessDayOf, insertOrder, readOrder, readUpload } from './order-store.ts';
export { TillService, type TillOptions } from './till-service.ts';
export { readBranchProfile, readSetting, writeSetting, type BranchProfile } from './branch-profile.ts';
