// Customer service's settings: defaults, a valid channel list, and a bad one naming its variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('SUPPORT_CHANNELS and SUPPORT_HOURS', () => {
  it('default to no extra channels, around the clock', () => {
    expect(loadConfig({}).support).toEqual({ channels: [], hours: '24/7' });
  });

  it('read a JSON list of channels', () => {
    const channels = [{ type: 'link', label: 'Telegram', url: 'https://t.me/example' }];
    const config = loadConfig({
      SUPPORT_CHANNELS: JSON.stringify(channels),
      SUPPORT_HOURS: '9–18',
    });
    expect(config.support).toEqual({ channels, hours: '9–18' });
  });

  it.each([
    'not json',
    '[{"type":"link","label":"x","url":"javascript:alert(1)"}]',
    '[{"type":"fax","label":"x","url":"https://x.test"}]',
  ])('refuse %s, naming the variable', (value) => {
    expect(() => loadConfig({ SUPPORT_CHANNELS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_CHANNELS: value })).toThrow(/SUPPORT_CHANNELS/);
  });
});
