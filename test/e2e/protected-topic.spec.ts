import { expect, test } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { ALICE_AND_OPEN_TOPICS } from '../support/alice-auth.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Protected topics (issue 25 item 5, its first part): Test on a topic that needs credentials asks for them right
// there (Advanced unfolded, user name and password shown, focus in them) instead of saying "No permission"
// with the fields folded away. Against the real core behind the dev:web bridge and a test server whose topics are
// closed to everyone but alice.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('protected-topic-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

test.use({ viewport: { width: 960, height: 680 } });

test('Test on a protected topic asks for credentials right there; with them it connects and saves', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: 'Add subscription' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await form.getByLabel('Topic').fill(`${ntfy.url}/secret`);
  await expect(form.locator('details.form-advanced')).not.toHaveAttribute('open');
  await form.getByRole('button', { name: 'Test', exact: true }).click();

  await expect(form.getByRole('status').locator('.test-result-headline')).toHaveText('No permission');
  await expect(form.locator('details.form-advanced')).toHaveAttribute('open');
  const user = form.getByRole('textbox', { name: 'User name' });
  await expect(user).toBeFocused();
  await user.fill('alice');
  await form.getByLabel('Password', { exact: true }).fill('right-password');
  await form.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(form.getByRole('status').locator('.test-result-headline')).toHaveText(
    'Connected: the server accepts this subscription',
  );
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(form).toBeHidden();
  await ntfy.waitForSubscribers(1, { topic: 'secret' });
});
