import { freshMember } from './money-support.ts';
import { expect, giveSession, test } from './support.ts';

test('a fresh member sees the announcement badge, opens a notice, and the badge drops on the message center', async ({ page, baseURL }) => {
  const member = await freshMember(baseURL!, 'ntc');
  await giveSession(page, member.session);
  await page.goto('/m/message');
  const list = page.getByRole('list', { name: 'Messages' });
  // The seed's notice-screen announcements in English: 3 player notices, 1 banner, 1 pop-up, all unread.
  await expect(list.getByRole('button', { name: /Announcements/ }).getByRole('img', { name: '5 unread' })).toHaveText('5');
  await list.getByRole('button', { name: /Announcements/ }).click();
  await page.getByRole('list', { name: 'Announcements' }).getByRole('button', { name: /Responsible gaming/ }).click();
  await expect(page.getByRole('article', { name: 'Responsible gaming' })).toContainText('Play responsibly');
  // Back on the list, the notice shows read (the server has it).
  await page.getByRole('button', { name: 'Back to all announcements' }).click();
  const notices = page.getByRole('list', { name: 'Announcements' });
  await expect(notices.getByRole('button', { name: /Responsible gaming/ }).getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await page.goBack();
  await expect(list.getByRole('button', { name: /Announcements/ }).getByRole('img', { name: '4 unread' })).toHaveText('4');
});
