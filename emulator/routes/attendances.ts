import { isAtLeast } from '../../src-shared/api-version.ts';
import { MESSAGES, successBody } from '../envelope.ts';
import { UUID_PATTERN } from '../ids.ts';
import type { RouteSpec } from '../route-spec.ts';
import { rules, Validator } from '../validation.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `POST /attendances/sync` (emulator/README.md, 37): a closed shift as the
 * service's Attendance object, the emulator's reading of the Attendance area
 * the spec names without a path. Idempotent on `uuid` like the order upload:
 * a uuid already held answers 200 `duplicate` and stores nothing. The close
 * members carry the names of the version asked for (`end_*` before 2.1.0).
 * Not served by the spec-only profile.
 */
export const attendanceRoutes: RouteSpec[] = [
  {
    method: 'POST',
    url: '/attendances/sync',
    permission: 'write',
    handle: ({ state, body, features }) => {
      const v = new Validator();
      const input = isObject(body) ? body : {};
      const uuid = input.uuid;
      if (typeof uuid !== 'string' || !UUID_PATTERN.test(uuid)) v.fail('uuid', rules.uuid('uuid'));
      const closeAt = isAtLeast(features.version, '2.1.0') ? 'close_at' : 'end_at';
      if (typeof input.start_at !== 'number') v.fail('start_at', rules.integer('start_at'));
      if (typeof input[closeAt] !== 'number') v.fail(closeAt, rules.integer(closeAt));
      v.throwIfFailed();
      const held = state.attendances.get(uuid as string);
      if (held) return { status: 200, body: successBody(200, MESSAGES.synced, { uuid, status: 'duplicate', id: held.id }) };
      const id = state.newId();
      state.attendances.set(uuid as string, { id, uuid: uuid as string, receivedAt: state.now(), body: input });
      return { status: 201, body: successBody(201, MESSAGES.created, { uuid, status: 'created', id }) };
    },
  },
];
