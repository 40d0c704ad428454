/**
 * Feedback in a real browser on the real backend: a fresh member opens it
 * from the help centre, sends a game problem with one PNG, sees it waiting
 * for a reply; the operator replies with the CLI; the member
 * opens the screen again and reads the reply.
 */
import { feedbackListEndpoint } from '../../contract/feedback.ts';
import { tinyPng } from './images.ts';
import { freshMember } from './money-support.ts';
import { admin, expect, giveSession, test, text } from './support.ts';

test('a member sends feedback with an image and reads the reply the operator sent with the CLI', async ({ page, baseURL }) => {
  const member = await freshMember(baseURL!, 'fdbk');
  await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
  await giveSession(page, member.session);
  await page.goto('/m/help');
  await page.getByRole('link', { name: text('help.feedback') }).click();
  await expect(page).toHaveURL(/\/m\/feedback$/);

  const content = `The slot froze after my spin ${member.username}, please check it.`;
  await page.getByLabel(text('feedback.type.label')).selectOption({ label: text('feedback.type.game') });
  await page.getByLabel(text('feedback.content.label')).fill(content);
  await page.getByLabel(text('feedback.images.add')).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByRole('img', { name: 'screen.png' })).toBeVisible();
  await page.getByRole('button', { name: text('feedback.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('feedback.submitted') })).toBeVisible();
  const list = page.getByRole('list', { name: text('feedback.mine') });
  const item = list.getByRole('listitem').filter({ hasText: content });
  await expect(item).toContainText(text('feedback.status.open'));
  await expect(item).toContainText(text('feedback.images.count', { count: 1 }));

  // The operator replies to the one the member sent (its id as the server lists it), with the CLI.
  const [sent] = (await member.call(feedbackListEndpoint, { query: {} })).list;
  expect(sent?.images).toEqual([{ name: 'screen.png', type: 'image/png', size: tinyPng().length }]);
  const reply = 'Thanks, the round was settled and your balance is correct.';
  expect(await admin('feedback', 'reply', String(sent!.id), '--text', reply)).toContain('OK: feedback.reply');

  await page.reload();
  const answered = page.getByRole('list', { name: text('feedback.mine') }).getByRole('listitem').filter({ hasText: content });
  await expect(answered).toContainText(text('feedback.status.answered'));
  await expect(answered).toContainText(reply);
});
