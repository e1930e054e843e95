import { chmodSync, writeFileSync } from 'node:fs';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { setSettingFromText } from '../../src-main/settings/index.ts';

/**
 * An APP_TO_APP printer program as an operator installs one: an executable
 * file of its own (a Node script with a `#!` line), never an interpreter
 * given code in its arguments. Returns its absolute path.
 */
export function installAppProgram(file: string, source: string): string {
  writeFileSync(file, `#!${process.execPath}\n${source}`);
  chmodSync(file, 0o755);
  return file;
}

/** What the operator types on the till's machine: `pos settings set printing.app_programs PATH[,PATH]`. */
export function allowAppPrograms(db: TillDatabase, programs: readonly string[]): void {
  setSettingFromText(db, 'printing.app_programs', programs.join(','));
}
