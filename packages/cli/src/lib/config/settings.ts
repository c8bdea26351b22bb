import { Args } from '../../oclif.js';
import { SETTING_NAMES, SETTINGS, type SettingName, type StoredConfig } from './config.js';
import { UsageError } from '../failures/exit-codes.js';

/*
 * What the `docs config ...` commands share: the setting argument and the checks of a value
 * before it is stored.
 */

export const settingArg = Args.string({
  name: 'key',
  description: `The setting: ${SETTING_NAMES.join(', ')}`,
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
  if (name === 'editor' || name === 'pager' || name === 'browser') {
    // A command line, run through the shell as $EDITOR is: one line of text.
    // eslint-disable-next-line no-control-regex -- a control character has no place in a command
    if (!trimmed || /[\u0000-\u001f\u007f]/.test(trimmed))
      throw new UsageError(
        `${name} must be a command on one line, such as "${name === 'pager' ? 'less -R' : name === 'editor' ? 'vim' : 'firefox'}".`,
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
