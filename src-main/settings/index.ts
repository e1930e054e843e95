export {
  SettingError,
  getSetting,
  listSettings,
  publicKey,
  readSecretSetting,
  readStoredSetting,
  setSetting,
  setSettingFromText,
  unsetSetting,
  writeSecretSetting,
  type SettingEntry,
  type SettingsListing,
} from './settings-store.ts';
