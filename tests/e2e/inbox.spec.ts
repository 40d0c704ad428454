/**
 * The inbox in a real browser: the operator CLI writes a fresh member a
 * message; the member opens /m/webEmail, reads it (its unread marker goes)
 * and deletes it after the confirmation.
 */
import { freshMember } from './money-support.ts';
import { admin, expect, giveSession, test, text } from './support.ts';

test.describe('inbox', () => {
  test('a member reads and deletes the message the operator sent', async ({ page, baseURL }) => {
    const member = await freshMember(baseURL!, 'inbox');
    const title = `Your VIP upgrade ${member.username}`;
    const sent = await admin('inbox', 'send', '--to', member.username, '--title', title, '--body', 'You are now VIP 2.\nEnjoy faster withdrawals.', '--title-cn', '贵宾升级', '--body-cn', '您已升级为 VIP 2。');
    expect(sent).toContain(title);

    // The announcement popup of home was seen already.
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, member.session);
    await page.goto('/m/webEmail');
    const list = page.getByRole('list', { name: text('inbox.screen.list') });
    const row = list.getByRole('button', { name: new RegExp(`^${title}, ${text('inbox.screen.unread')}, `) });
    await expect(row).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // Reading it: the full body, as written; back in the list it is read.
    await row.click();
    const article = page.getByRole('article', { name: title });
    await expect(article).toContainText('You are now VIP 2.');
    await expect(article).toContainText('Enjoy faster withdrawals.');
    await article.getByRole('button', { name: text('inbox.screen.back') }).click();
    await expect(list.getByRole('button', { name: new RegExp(`^${title}, `) })).not.toHaveAccessibleName(new RegExp(text('inbox.screen.unread')));
    expect(await admin('inbox', 'list', '--to', member.username)).toMatch(new RegExp(`read {4}${title}`));

    // Deleting it, after the confirmation.
    await list.getByRole('button', { name: `${text('inbox.screen.delete')}: ${title}` }).click();
    const dialog = page.getByRole('alertdialog', { name: text('inbox.screen.deleteTitle') });
    await dialog.getByRole('button', { name: text('inbox.screen.deleteConfirm') }).click();
    await expect(page.getByRole('heading', { name: text('inbox.screen.empty') })).toBeVisible();
    expect(await admin('inbox', 'list', '--to', member.username)).toContain('(no messages for');
  });
});
