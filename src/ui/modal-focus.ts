import { useEffect, useRef } from 'react';

const focusableSelector = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard side of a modal (dialog, drawer, sheet; WCAG 2.1.2, 2.4.3):
 * while open, focus moves into the panel (to its `[data-autofocus]` control,
 * else its first control, else the panel; with `focusPanel`, to the panel
 * itself, so a long sheet is read from its title), Tab and Shift+Tab cycle inside it,
 * Escape calls `onClose`; when it closes, focus returns to the control that
 * had it before (the one that opened it).
 */
export function useModalFocus<T extends HTMLElement>(open: boolean, onClose: () => void, { focusPanel = false } = {}) {
  const panel = useRef<T>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const focusables = () => Array.from(node?.querySelectorAll<HTMLElement>(focusableSelector) ?? []).filter((el) => !el.hasAttribute('disabled'));
    (focusPanel ? node : (node?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? node))?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (event.key === 'Tab') {
        const items = focusables();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) {
          event.preventDefault();
          return;
        }
        const active = document.activeElement;
        const inside = active !== node && node?.contains(active);
        if (event.shiftKey && (active === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || (!inside && active !== node))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, focusPanel]);

  return panel;
}
