import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './dialog.tsx';
import { Sheet } from './sheet.tsx';

/** A page with a control before and after the drawer's opener, and a drawer with a radio group and a disabled button. */
function DrawerPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <button type="button">After</button>
      <Drawer open={open} title="Menu" closeLabel="Close menu" onClose={() => setOpen(false)}>
        <a href="/m/home">Home</a>
        <label>
          <input type="radio" name="lang" defaultChecked /> English
        </label>
        <label>
          <input type="radio" name="lang" /> 中文
        </label>
        <button type="button" disabled>
          Unavailable
        </button>
        <button type="button">Last</button>
      </Drawer>
    </>
  );
}

const focusedName = () => {
  const el = document.activeElement as HTMLElement;
  return el.getAttribute('aria-label') ?? el.closest('label')?.textContent?.trim() ?? el.textContent?.trim();
};

describe('modal focus (WCAG 2.1.2, 2.4.3)', () => {
  it('moves focus into a drawer, keeps Tab and Shift+Tab inside, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<DrawerPage />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    // Focus moves in the frame after the panel opens.
    await waitFor(() => expect(focusedName()).toBe('Close menu'));

    // Forward: the checked radio only (the group is one stop), no disabled button, then round to the first.
    const forward: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      await user.tab();
      forward.push(focusedName());
    }
    expect(forward).toEqual(['Home', 'English', 'Last', 'Close menu', 'Home']);
    // Backward from the first control: round to the last.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(focusedName()).toBe('Last');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses a sheet itself, so it is read from its title, and Tab goes to its first control', async () => {
    const user = userEvent.setup();
    function SheetPage() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Download
          </button>
          {open ? (
            <Sheet title="Download the app" onClose={() => setOpen(false)}>
              <a href="/ios">iPhone</a>
              <a href="/android">Android</a>
            </Sheet>
          ) : null}
        </>
      );
    }
    render(<SheetPage />);
    const opener = screen.getByRole('button', { name: 'Download' });
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Download the app' });
    await waitFor(() => expect(document.activeElement).toBe(sheet));
    await user.tab();
    expect(focusedName()).toBe('iPhone');
    await user.tab();
    await user.tab();
    expect(focusedName()).toBe('iPhone');
    await user.tab({ shift: true });
    expect(focusedName()).toBe('Android');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('takes focus back into a sheet when the control that had it is taken out, and Tab goes on inside', async () => {
    const user = userEvent.setup();
    let hideIos: () => void = () => {};
    function ChangingSheet() {
      const [ios, setIos] = useState(true);
      hideIos = () => setIos(false);
      return (
        <Sheet title="Download the app" onClose={() => {}}>
          {ios ? <a href="/ios">iPhone</a> : null}
          <a href="/android">Android</a>
        </Sheet>
      );
    }
    render(<ChangingSheet />);
    const sheet = screen.getByRole('dialog', { name: 'Download the app' });
    await user.tab();
    expect(focusedName()).toBe('iPhone');
    await act(async () => hideIos());
    expect(document.activeElement).toBe(sheet);
    await user.tab();
    expect(focusedName()).toBe('Android');
  });
});
