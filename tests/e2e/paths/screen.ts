/** What the path models check on screens: message texts, fields, the form's alert. */
import { expect, type Page } from '@playwright/test';
import en from '../../../contract/messages/en.json' with { type: 'json' };
import { text } from '../support.ts';

/** The English text of a message id, as an alert shows an error code (error.<code>, else the unknown error). */
export const messageOf = (id: string) => {
  const catalog = en as Record<string, string>;
  const own = catalog[id];
  return (own ?? catalog[`error.${id}`] ?? catalog['error.unknown']!).replace('{terms}', text('identity.register.terms'));
};

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const formAlert = (page: Page) => page.getByRole('main').getByRole('alert');

/** The form's alert: the machine's own message exactly; a server answer as some alert. */
export async function expectAlert(page: Page, errorCode: unknown, ownIds: readonly string[]) {
  if (typeof errorCode !== 'string') {
    await expect(formAlert(page)).toHaveCount(0);
  } else if (ownIds.includes(errorCode)) {
    await expect(formAlert(page).filter({ hasText: messageOf(errorCode) })).toBeVisible();
  } else {
    await expect(formAlert(page).first()).toBeVisible();
  }
}

/**
 * A money form's error: an error about a field is shown under it and tied to
 * it (the field is `aria-invalid` and described by the error); any other is
 * the form's alert. No error: no alert and no field in error.
 */
export async function expectFormError(page: Page, errorCode: unknown) {
  const main = page.getByRole('main');
  if (typeof errorCode !== 'string') {
    await expect(formAlert(page)).toHaveCount(0);
    await expect(main.locator('[aria-invalid="true"]')).toHaveCount(0);
    return;
  }
  const message = main.getByText(messageOf(errorCode), { exact: true });
  await expect(message).toBeVisible();
  const tied = await message.evaluate(
    (el) =>
      el.closest('[role=alert]') !== null ||
      Array.from(document.querySelectorAll('[aria-invalid="true"]')).some((field) =>
        (field.getAttribute('aria-describedby') ?? '').split(' ').includes(el.id),
      ),
  );
  expect(tied, `"${messageOf(errorCode)}" is the form's alert or tied to a field in error`).toBe(true);
}

/** A snapshot's state value as text, for checks on where a parallel machine is. */
export const valueText = (value: unknown) => JSON.stringify(value);
