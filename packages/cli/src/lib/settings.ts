import { Args } from '../oclif.js';
import { SETTING_NAMES, SETTINGS, type SettingName, type StoredConfig } from './config.js';
import { UsageError } from './exit-codes.js';

/*
 * What the `docs config ...` commands share: the setting argument and the checks of a value
 * before it is stored.
 */

export const settingArg = Args.string({
  name: 'key',
  description: `The setting: ${SETTING_NAMES.join(' or ')}`,
  required: true,
  options: SETTING_NAMES,
});

/** The stored field of a setting. */
export function settingField(name: string): keyof StoredConfig {
  if (!(name in SETTINGS))
    throw new UsageError(`Unknown setting "${name}": the settings are ${SETTING_NAMES.join(', ')}.`);
  return SETTINGS[name as SettingName].field;
}

/** A value fit to store for `name`, or a usage error naming what is allowed. */
export function checkSetting(name: SettingName, value: string): string {
  const trimmed = value.trim();
  if (name === 'org') {
    if (!/^[\w.-]{1,100}$/.test(trimmed))
      throw new UsageError(
        `org must be an organization id (letters, digits, _ . -), got "${value.slice(0, 40)}".`,
      );
    return trimmed;
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new UsageError(`api-url must be an http(s) URL such as https://api.gitbook.com/v1.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`api-url must be an http(s) URL such as https://api.gitbook.com/v1.`);
  if (url.username || url.password)
    throw new UsageError('api-url must not hold credentials: the token is the only credential.');
  return trimmed;
}
