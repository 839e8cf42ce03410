// A user agent as its owner recognises it: "Chrome 131 on Android". The same summary names a
// device in the sessions list and the login history, and decides whether a login is from a new one.
import Bowser from 'bowser';

/** What a summary is cut to: a user agent is the client's to write, however long. */
const maxLength = 100;

function major(version: string | undefined): string {
  return version?.split('.')[0] ?? '';
}

/** A client that is no browser (a script, a tool): its first product token, "curl 8". */
function productToken(userAgent: string): string {
  const [name = '', version] = userAgent.trim().split(/\s/, 1)[0]?.split('/') ?? [];
  return [name, major(version)].filter(Boolean).join(' ');
}

export function summariseDevice(userAgent: string): string {
  const ua = userAgent.trim();
  if (ua === '') return 'Unknown device';
  const { browser, os } = Bowser.parse(ua);
  const app = [browser.name, major(browser.version)].filter(Boolean).join(' ');
  const summary = app && os.name ? `${app} on ${os.name}` : app || os.name || productToken(ua);
  return (summary || 'Unknown device').slice(0, maxLength);
}
