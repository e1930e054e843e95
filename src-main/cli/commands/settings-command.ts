import { openDatabase } from '../../db/index.ts';
import { SettingError, listSettings, publicKey, setSecretSettingFromText, setSettingFromText, unsetSetting } from '../../settings/index.ts';
import { SETTING_KEYS, isSettingKey, secretNameOf } from '../../../src-shared/settings/index.ts';
import { FileSecretStore, fileSecretIsSet } from '../../secrets/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

/**
 * `pos settings`: lists this till's local settings (value in effect, whether
 * set, default, what it is for); `set KEY VALUE` validates and writes one;
 * `unset KEY` removes one so its default applies. A refused value is exit 1
 * with what the key expects; a mistake in the call is exit 2.
 */
export async function settingsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('settings', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } }, true);
  const file = requireOption('settings', 'db', values.db);
  const [action, key, value, ...extra] = positionals;
  if (action !== undefined && action !== 'set' && action !== 'unset' && action !== 'list') {
    throw new UsageError(`pos settings: unknown action "${action}"; use set, unset or nothing (to list)`);
  }
  if (action === 'set' && (key === undefined || value === undefined || extra.length > 0)) {
    throw new UsageError('pos settings set: give exactly one KEY and one VALUE (quote a VALUE with spaces)');
  }
  if (action === 'unset' && (key === undefined || value !== undefined)) throw new UsageError('pos settings unset: give exactly one KEY');
  if ((action === undefined || action === 'list') && key !== undefined)
    throw new UsageError('pos settings: listing takes no KEY; to change one use `set KEY VALUE`');

  const db = openDatabase(file, { readOnly: action === undefined || action === 'list' });
  try {
    // A secret (loyalty.api_token) goes to the secrets file beside the database, as `pos serve` keeps the service token; it is never echoed.
    if (key !== undefined && isSettingKey(key) && (SETTING_KEYS[key] as { secret?: true }).secret) {
      const secrets = new FileSecretStore(db);
      if (action === 'unset')
        return report(io, values.json, () => {
          const wasSet = secrets.get(secretNameOf(key)) !== null;
          secrets.set(secretNameOf(key), null);
          return { ok: true, key, was_set: wasSet, message: `${key} ${wasSet ? 'unset' : 'was not set'}` };
        });
      // "-": the value comes from POS_SECRET in the environment, out of process listings and shell history.
      const text = value === '-' ? (io.env.POS_SECRET ?? '') : value!;
      return report(io, values.json, () => {
        setSecretSettingFromText(key, text, (name, secret) => secrets.set(name, secret));
        return { ok: true, key, message: `${key} set (kept in the secrets file, not shown)` };
      });
    }
    if (action === 'set')
      return report(io, values.json, () => {
        const stored = setSettingFromText(db, key!, value!);
        return { ok: true, key: key!, value: stored, message: `${key} = ${SETTING_KEYS[publicKey(key!)].kind.toText(stored as never)}` };
      });
    if (action === 'unset')
      return report(io, values.json, () => {
        const known = publicKey(key!);
        const wasSet = unsetSetting(db, known);
        const fallback = SETTING_KEYS[known].default;
        const now = fallback === null ? ((SETTING_KEYS[known] as { unset?: string }).unset ?? 'not set') : `the default, ${JSON.stringify(fallback)}`;
        return { ok: true, key: known, was_set: wasSet, message: `${known} ${wasSet ? 'unset' : 'was not set'}; in effect: ${now}` };
      });
    const listing = listSettings(db, (name) => fileSecretIsSet(file, name));
    if (values.json) {
      io.out(JSON.stringify(listing));
      return 0;
    }
    const width = Math.max(...listing.settings.map((s) => s.key.length));
    for (const entry of listing.settings) {
      const origin = entry.problem !== null ? 'BROKEN' : entry.is_set ? 'set' : 'default';
      io.out(`${entry.key.padEnd(width)}  ${entry.text}  [${origin}]  ${entry.description.en}`);
      if (!entry.is_set && entry.value === null && entry.unset) io.out(`${' '.repeat(width)}  when not set: ${entry.unset}`);
      if (entry.problem) io.err(`pos settings: ${entry.problem}`);
    }
    if (listing.unknown.length > 0)
      io.err(`pos settings: the database also holds settings this version does not know (left alone): ${listing.unknown.join(', ')}`);
    return listing.settings.some((s) => s.problem !== null) ? 1 : 0;
  } finally {
    db.close();
  }
}

function report(io: CliIo, json: boolean, change: () => Record<string, unknown> & { message: string }): number {
  try {
    const result = change();
    if (json) {
      const { message: _message, ...rest } = result;
      io.out(JSON.stringify(rest));
    } else io.out(result.message);
    return 0;
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    if (json) io.out(JSON.stringify({ ok: false, key: error.key, error: error.message }));
    io.err(`pos settings: ${error.message}`);
    return 1;
  }
}
