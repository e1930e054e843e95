import { SETTING_KEYS } from '../../src-shared/settings/index.ts';
import { UsageError } from './cli-io.ts';

/**
 * `--concurrency N` of the commands that pull: page requests in flight per
 * list, checked like the `sync.concurrency` setting it overrides for one run
 * (undefined: the setting applies).
 */
export function parseConcurrencyFlag(command: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const kind = SETTING_KEYS['sync.concurrency'].kind;
  const parsed = kind.schema.safeParse(kind.fromText(text));
  if (!parsed.success) throw new UsageError(`pos ${command}: --concurrency must be ${kind.expects}, got "${text}"`);
  return parsed.data;
}
