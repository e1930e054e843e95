export {
  SettingError,
  getSetting,
  listSettings,
  publicKey,
  eraseSecretSetting,
  readSecretSetting,
  secretSettingKeys,
  readStoredSetting,
  setSetting,
  setSettingFromText,
  unsetSetting,
  writeSecretSetting,
  type SettingEntry,
  type SettingsListing,
} from './settings-store.ts';
export { readSetting, readSettingText, removeSetting, writeSetting } from './raw-setting.ts';
