import { defineProfile, type EmulatorProfile, type ProfileName } from './profile.ts';
import { specOnlyProfile } from './spec-only.ts';
import { variantProfile } from './variant.ts';

export { PROFILE_NAMES, isProfileName, type EmulatorProfile, type ProfileName } from './profile.ts';
export { SPEC_ONLY_ACCOUNTING_MEMBER } from './spec-only.ts';
export { VARIANT_ACCOUNTING_MEMBER } from './variant.ts';

/** `full`: today's answers, unchanged (the demo's richness). */
const fullProfile = defineProfile('full', {});

const PROFILES: Record<ProfileName, EmulatorProfile> = { full: fullProfile, 'spec-only': specOnlyProfile, variant: variantProfile };

export function profileNamed(name: ProfileName): EmulatorProfile {
  return PROFILES[name];
}
