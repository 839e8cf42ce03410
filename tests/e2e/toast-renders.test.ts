// A toast draws the toasts region and nothing else: copying a deposit address raises one, and
// React's commits (read through its profiling hook, tests/support/react-commits.ts) show that no
// component outside the toasts rendered for it, so a toast never makes the page under it stutter.
// Counted in commits, not timed.
import { expect, inject, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import {
  commitRecorderScript,
  startRecording,
  stopRecording,
  toastCommits,
} from '../support/react-commits.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const phone = setUpPhoneApp({ permissions: ['clipboard-read', 'clipboard-write'] });

it('renders only the toasts when a toast is raised on a signed-in page', async () => {
  const user = await registerUser(new ApiClient(inject('appUrl')), inject('appDataDir'));
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  await phone.context.addInitScript({ content: commitRecorderScript });
  const { app } = phone;
  await app.open('/pages/assets/recharge?asset=USDT&chain=TRC20');
  await app.page.getByTestId('deposit-address').waitFor();

  await startRecording(app.page);
  await app.page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => app.toast().allTextContents()).toEqual(['Copied']);
  const shown = toastCommits(await stopRecording(app.page));

  expect(shown.length).toBeGreaterThan(0);
  const outside = shown.flat().filter((component) => !component.inToasts);
  expect(outside).toEqual([]);
});
