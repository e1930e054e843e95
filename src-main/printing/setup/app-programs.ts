// The programs the operator allowed for APP_TO_APP printers (setting
// printing.app_programs, set only with `pos settings set` on the till's
// machine). Read at every bind and every print, so removing one stops it at once.

import type { TillDatabase } from '../../db/index.ts';
import { settingOrDefault } from '../../settings/index.ts';
import { AppToAppError, checkAppCommand } from '../transport/send-to-command.ts';

/** The allowed programs; none when unset (or broken: an unreadable list allows nothing). */
export function appPrograms(db: TillDatabase): readonly string[] {
  return settingOrDefault(db, 'printing.app_programs') ?? [];
}

/** Why this APP_TO_APP binding may not run now, or null when it may. */
export function appCommandProblem(db: TillDatabase, command: readonly string[] | null): string | null {
  if (command === null) return null;
  try {
    checkAppCommand(command, appPrograms(db));
    return null;
  } catch (error) {
    if (error instanceof AppToAppError) return error.message;
    throw error;
  }
}
