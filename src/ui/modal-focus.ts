import { useEffect, useRef } from 'react';

const focusableSelector = 'button, [href], input, select, textarea, summary, [tabindex]';

/**
 * Whether Tab can reach the element: enabled, in the tab order, rendered,
 * not inert; of a radio group, the checked radio (or the first one when none is).
 */
function tabbable(el: HTMLElement, all: readonly HTMLElement[]): boolean {
  if (el.hasAttribute('disabled') || el.tabIndex < 0 || el.closest('[inert]')) return false;
  // checkVisibility is missing before Safari 17.4: there, every control counts as shown.
  if (el.checkVisibility?.({ visibilityProperty: true }) === false) return false;
  if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
    const group = all.filter((o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name);
    return el.checked || (!group.some((r) => r.checked) && group[0] === el);
  }
  return true;
}

/**
 * The keyboard side of a modal (dialog, drawer, sheet; WCAG 2.1.2, 2.4.3):
 * while open, focus moves into the panel in the frame after it opens (to its `[data-autofocus]` control,
 * else its first control, else the panel; with `focusPanel`, to the panel
 * itself, so a long sheet is read from its title), Tab and Shift+Tab cycle inside it,
 * Escape calls `onClose`; when the focused control is taken out of the panel
 * (its content changed under the player), focus goes back to the panel rather
 * than to the page; when it closes, focus returns to the control that had it
 * before (the one that opened it).
 */
export function useModalFocus<T extends HTMLElement>(open: boolean, onClose: () => void, { focusPanel = false } = {}) {
  const panel = useRef<T>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const focusables = () => {
      const all = Array.from(node?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);
      return all.filter((el) => tabbable(el, all));
    };
    // In the next frame: focusing needs the page's layout, and the home's notice opens with the
    // first screen, while its data are still being worked in; asked for here, the browser would
    // lay the whole page out in the middle of that task and again after it (docs/quality.md).
    // Unless focus is in the panel already (a key pressed before that frame).
    const frame = requestAnimationFrame(() => {
      if (node?.contains(document.activeElement)) return;
      (focusPanel ? node : (node?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? node))?.focus();
    });

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab') {
        // The panel moves focus itself, in document order, from the last control back to the first
        // (and the other way with Shift), so focus never leaves it whatever comes after it in the page.
        event.preventDefault();
        const items = focusables();
        if (items.length === 0) return;
        const at = items.indexOf(document.activeElement as HTMLElement);
        // From outside the list (at -1), Tab goes to the first control and Shift+Tab to the last.
        const next = event.shiftKey ? (at <= 0 ? items.length : at) - 1 : (at + 1) % items.length;
        items[next]?.focus();
      }
    };
    // A removed element drops focus to the body: take it back into the panel.
    const lost = new MutationObserver(() => document.activeElement === document.body && node?.focus());
    if (node) lost.observe(node, { childList: true, subtree: true });
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      lost.disconnect();
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, focusPanel]);

  return panel;
}
