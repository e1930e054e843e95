export {
  SETTING_KEYS,
  SECRET_PREFIX,
  MAX_CUTOFF_HOUR,
  TILL_CODE_PATTERN,
  VAT_NUMBER_PATTERN,
  isSettingKey,
  percentToHundredths,
  publicSettingKeys,
  secretNameOf,
  type SecretSettingKey,
  type SettingDefinition,
  type SettingKey,
  type SettingInEffect,
  type SettingValue,
} from './setting-keys.ts';
export type { SettingKind } from './setting-kinds.ts';
