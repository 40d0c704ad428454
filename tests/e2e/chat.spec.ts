/**
 * The live chat in real browsers, against the real server: a member opens it
 * from the message center and writes; customer service, signed in to the
 * staff console (/staff) in another browser, finds the conversation in the
 * queue, answers, and each side sees the other's message; a guest chats
 * after giving a name and a contact. Axe finds nothing serious on either side.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { freshMember } from './money-support.ts';
import { expect, giveSession, test, text } from './support.ts';

const staffAccount = { username: 'support1', password: 'Support#2026' };

async function seriousViolations(page: Page) {
  return (await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa'])).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function signInStaff(page: Page) {
  await page.goto('/staff');
  await page.getByLabel(text('staff.login.username')).fill(staffAccount.username);
  await page.getByLabel(text('staff.login.password')).fill(staffAccount.password);
  await page.getByRole('button', { name: text('staff.login.submit') }).click();
  await expect(page.getByRole('button', { name: text('staff.signOut') })).toBeVisible();
}

test.describe('live chat', () => {
  test('a member and customer service talk both ways', async ({ page, browser, baseURL }) => {
    const member = await freshMember(baseURL!, 'chat');
    await page.addInitScript(() => sessionStorage.setItem('NOTICE_POP', '1'));
    await giveSession(page, member.session);
    await page.goto('/m/message');
    await page.getByRole('button', { name: new RegExp(text('messaging.center.chat')) }).click();
    await expect(page).toHaveURL(/\/m\/chat$/);
    const composer = page.getByRole('textbox', { name: text('chat.composer.label') });
    await composer.fill(`Hello, this is ${member.username}. My deposit has not arrived.`);
    await page.getByRole('button', { name: text('chat.composer.send') }).click();
    const log = page.getByRole('log', { name: text('chat.log') });
    await expect(log).toContainText('My deposit has not arrived.');

    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    try {
      await signInStaff(staff);
      await staff.getByRole('button', { name: new RegExp(member.username) }).first().click();
      const staffLog = staff.getByRole('log', { name: text('staff.conversation.log', { visitor: member.username }) });
      await expect(staffLog).toContainText('My deposit has not arrived.');
      await staff.getByRole('textbox', { name: text('staff.reply.label') }).fill('We are checking it now: https://example.com/deposits');
      await staff.getByRole('button', { name: text('staff.reply.send') }).click();
      await expect(staffLog).toContainText('We are checking it now');

      // The member sees who joined and the answer, its address as a link.
      await expect(log).toContainText(text('chat.system.assigned', { name: 'Mia' }));
      await expect(log.getByRole('link', { name: 'https://example.com/deposits' })).toBeVisible();
      await composer.fill('Thank you!');
      await page.getByRole('button', { name: text('chat.composer.send') }).click();
      await expect(staffLog).toContainText('Thank you!');

      expect(await seriousViolations(page)).toEqual([]);
      expect(await seriousViolations(staff)).toEqual([]);
    } finally {
      await staffContext.close();
    }
  });

  test('a guest gives a name and a contact, then chats', async ({ page }) => {
    await page.goto('/m/chat');
    await page.getByLabel(text('chat.guest.name')).fill('Guest Gia');
    await page.getByLabel(text('chat.guest.contact')).fill('gia@example.com');
    await page.getByRole('button', { name: text('chat.guest.start') }).click();
    const composer = page.getByRole('textbox', { name: text('chat.composer.label') });
    await composer.fill('Is the welcome bonus still on? <b>not bold</b>');
    await page.getByRole('button', { name: text('chat.composer.send') }).click();
    const log = page.getByRole('log', { name: text('chat.log') });
    // Markup is text.
    await expect(log).toContainText('<b>not bold</b>');
    await expect(log.locator('b')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
