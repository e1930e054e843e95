import type { ApiVersion } from '../../src-shared/api-version.ts';
import { membersAt, type WireObjectName } from '../../src-shared/wire/index.ts';

/**
 * The members the spec shows for `object` at `version`, in the spec's order,
 * as the till's member table records them. Tests of what the emulator serves
 * expect these rather than a list of their own: the emulator's profiles and
 * the till's table are written apart, so a member one of them adds, drops or
 * renames fails the test, and the list lives in one place.
 */
export function specShownMembers(object: WireObjectName, version: ApiVersion): string[] {
  return membersAt(object, version)
    .filter((rule) => rule.shown)
    .map((rule) => rule.member);
}
