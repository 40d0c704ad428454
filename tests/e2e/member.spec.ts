/**
 * The member area in a real browser, end to end: a fresh member opens the
 * member center, edits the nickname (a refused one first), sets the payee
 * name once, uploads a head icon, and sees each change at once on the
 * member center and in the right-side member menu of the home header;
 * copying the member ID shows the copy-success toast.
 */
import { memberInfoEndpoint } from '../../contract/member.ts';
import { tinyPng } from './images.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, test, text } from './support.ts';

test.describe('member area', () => {
  test('a member edits the account, uploads a head icon, and sees it on the member center and in the member menu', async ({ page, context, baseURL }) => {
    const member = await freshMember(baseURL!, 'mbr');
    const { id } = await member.call(memberInfoEndpoint);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, member.session);
    await page.goto('/m/member/home');

    const card = page.getByRole('region', { name: member.username });
    await expect(card.getByText(text('account.memberId', { id }))).toBeVisible();
    await card.getByRole('button', { name: text('account.copy') }).click();
    await expect(card.getByRole('status')).toHaveText(text('account.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(id));

    // My account: a nickname with < is refused in words; a good one is saved and shown at once.
    await page.getByRole('link', { name: text('title.myAccountIndex') }).click();
    await page.getByRole('button', { name: new RegExp(text('account.field.nickname')) }).click();
    let sheet = page.getByRole('dialog', { name: text('account.field.nickname') });
    const nickname = `Lucky ${member.username.slice(-4)}`;
    await sheet.getByRole('textbox').fill('<b>me</b>');
    await sheet.getByRole('button', { name: text('account.save') }).click();
    await expect(sheet.getByRole('alert')).toHaveText(text('error.member.nickname.invalid'));
    await sheet.getByRole('textbox').fill(nickname);
    await sheet.getByRole('button', { name: text('account.save') }).click();
    await expect(sheet.getByRole('status')).toHaveText(text('account.saved'));
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: new RegExp(text('account.field.nickname')) })).toContainText(nickname);

    // The payee name is set once; then its sheet only says how to change it.
    await page.getByRole('button', { name: new RegExp(text('account.field.payeeName')) }).click();
    sheet = page.getByRole('dialog', { name: text('account.field.payeeName') });
    await sheet.getByRole('textbox').fill('Patricia Santos');
    await sheet.getByRole('button', { name: text('account.save') }).click();
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: new RegExp(text('account.field.payeeName')) }).click();
    await expect(sheet.getByText(text('account.payeeName.locked'))).toBeVisible();
    await expect(sheet.getByRole('textbox')).toHaveCount(0);
    await sheet.getByRole('button', { name: text('account.close') }).click();

    // The head icon: a real PNG, shown at once.
    const icon = page.getByRole('region', { name: text('account.icon.title') });
    await page.getByLabel(text('account.icon.change')).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(icon.getByRole('status')).toHaveText(text('account.icon.uploaded'));
    await expect(icon.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    const after = await member.call(memberInfoEndpoint);
    expect(after).toMatchObject({ nickname, payeeName: 'Patricia Santos' });
    expect(after.iconVersion).not.toBeNull();

    // Home's member menu shows the new nickname and icon.
    await page.goto('/m/home');
    await page.getByRole('button', { name: text('shell.memberMenu.open') }).click();
    const menu = page.getByRole('dialog', { name: text('account.menu.title') });
    const menuCard = menu.getByRole('region', { name: nickname });
    await expect(menuCard.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await menu.getByRole('link', { name: text('title.myAccountIndex') }).click();
    await expect(page).toHaveURL(/\/m\/myAccount\/index$/);
  });
});
