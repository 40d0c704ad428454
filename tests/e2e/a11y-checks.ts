/**
 * The accessibility checks the audit (accessibility.spec.ts) runs on every
 * screen besides axe: WCAG 2.2 AA criteria axe does not see, measured in the
 * page itself (Chromium, through Playwright and the DevTools protocol).
 *
 * - names: every control in Chromium's accessibility tree has a name (4.1.2),
 *   and that name contains every word the control shows (2.5.3 Label in Name);
 * - targets: controls are at least 44 x 44 CSS px, inline links in a sentence
 *   excepted (2.5.8 asks 24 x 24, DESIGN.md 44 for every touch target);
 * - focus: every control shows a focus indicator when reached from the
 *   keyboard (2.4.7), and is not hidden by the fixed header or bottom bar
 *   when it takes focus (2.4.11), even when it sat under them;
 * - reflow: at 320 CSS px wide (1.4.10) and with the text at 200 % (1.4.4),
 *   nothing sticks out of the screen sideways and no text is cut off;
 * - form errors: after a submit, every field in error says so
 *   (`aria-invalid`) and is described by the error's text (3.3.1, 1.3.1).
 */
import type { CDPSession, Page } from '@playwright/test';

export interface Problem {
  /** The criterion or rule broken (e.g. `2.5.3 label-in-name`). */
  rule: string;
  /** What is wrong, for the report. */
  help: string;
  /** The elements concerned (short HTML or a selector-like description). */
  targets: string[];
}

/** Roles a person operates: each needs an accessible name. */
const interactiveRoles = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'listbox',
  'option',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'treeitem',
]);

/** Collapses case, spacing and punctuation, so "Log in" matches "log in." (WCAG's Label in Name compares words). */
const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface AxNode {
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  backendDOMNodeId?: number;
}

interface DomNode {
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

/**
 * 4.1.2 and 2.5.3: every interactive node of Chromium's accessibility tree
 * has a name, and the name contains the text the control shows on screen
 * (text a person sees, visually hidden and empty text left out; text
 * without letters or digits, such as a masked "****", is not a label).
 */
export async function checkNames(page: Page, cdp: CDPSession): Promise<Problem[]> {
  // Each control's visible text, by a temporary index attribute the DOM snapshot below carries.
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const visibleText = (root: Element) => {
      let out = '';
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        // Visually hidden text (1 px, clipped) is for screen readers, not a visible label.
        if (box.width <= 1 || box.height <= 1) continue;
        const clip = getComputedStyle(parent).clipPath;
        if (clip.startsWith('inset(50%')) continue;
        out += ` ${node.textContent ?? ''}`;
      }
      return out;
    };
    for (const el of document.querySelectorAll('[data-a11y-i]')) el.removeAttribute('data-a11y-i');
    const controls = document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option]',
    );
    controls.forEach((el, i) => {
      el.setAttribute('data-a11y-i', String(i));
      texts.push(el.matches('input, select, textarea') ? '' : visibleText(el));
    });
    return texts;
  });
  const [{ nodes }, { root }] = (await Promise.all([
    cdp.send('Accessibility.getFullAXTree'),
    cdp.send('DOM.getDocument', { depth: -1, pierce: false }),
  ])) as [{ nodes: AxNode[] }, { root: DomNode }];
  const indexOf = new Map<number, number>();
  const html = new Map<number, string>();
  const walk = (node: DomNode) => {
    const attrs = node.attributes ?? [];
    const at = attrs.indexOf('data-a11y-i');
    if (at >= 0) {
      indexOf.set(node.backendNodeId, Number(attrs[at + 1]));
      const pairs: string[] = [];
      for (let i = 0; i < attrs.length; i += 2) if (attrs[i] !== 'data-a11y-i') pairs.push(`${attrs[i]}="${attrs[i + 1]}"`);
      html.set(node.backendNodeId, pairs.join(' ').slice(0, 160));
    }
    for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
  };
  walk(root);

  const unnamed: string[] = [];
  const mismatched: string[] = [];
  for (const node of nodes) {
    const role = String(node.role?.value ?? '');
    if (node.ignored || !interactiveRoles.has(role)) continue;
    const name = String(node.name?.value ?? '').trim();
    const id = node.backendDOMNodeId ?? -1;
    if (name === '') {
      unnamed.push(`${role} <${html.get(id) ?? '?'}>`);
      continue;
    }
    const index = indexOf.get(id);
    const visible = normalise(index === undefined ? '' : (shown[index] ?? ''));
    if (!/[\p{L}\p{N}]/u.test(visible)) continue;
    // Every word shown is in the name (a badge drawn before the label may come after it in the name).
    const words = new Set(normalise(name).split(' '));
    if (!visible.split(' ').every((word) => words.has(word))) mismatched.push(`${role} "${name}" shows "${visible}" <${html.get(id) ?? '?'}>`);
  }
  const problems: Problem[] = [];
  if (unnamed.length) problems.push({ rule: '4.1.2 accessible-name', help: 'Interactive control without an accessible name', targets: unnamed });
  if (mismatched.length) {
    problems.push({ rule: '2.5.3 label-in-name', help: 'The accessible name does not contain the text the control shows', targets: mismatched });
  }
  return problems;
}

/**
 * 2.5.8: every control the player taps is at least 24 x 24 CSS px, and the
 * main actions at least 44 x 44 (DESIGN.md): everything in the header and
 * the bottom bar, every control of a modal dialog or sheet, and every
 * form's submit button. Exceptions, as the criterion has them: a link inside
 * a sentence (inline, with text of its own block around it); a radio or
 * checkbox inside its label is measured by the label (the target).
 */
export async function checkTargets(page: Page): Promise<Problem[]> {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const isMain = (el: Element) =>
      el.matches('button[type=submit]') ||
      el.closest('header, [role=banner], [aria-modal="true"]') !== null ||
      Array.from(document.querySelectorAll('nav')).some((nav) => getComputedStyle(nav).position === 'fixed' && nav.contains(el));
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=option]',
    );
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if ((el as HTMLButtonElement).disabled) continue;
      let target: Element = el;
      // A radio or checkbox inside its label: the label is what the finger taps.
      const label = el.closest('label');
      if (label && el.matches('input[type=radio], input[type=checkbox]')) target = label;
      const box = target.getBoundingClientRect();
      // Visually hidden (1 px) controls are for screen readers; the skip link is off screen until focused.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.bottom <= 0) continue;
      const minimum = isMain(el) ? 44 : 24;
      if (box.width >= minimum - 0.5 && box.height >= minimum - 0.5) continue;
      // A link in a sentence: inline, and its block has text besides it.
      if (el.matches('a') && getComputedStyle(el).display === 'inline') {
        const block = el.parentElement;
        const around = (block?.textContent ?? '').replace(el.textContent ?? '', '').trim();
        if (around.length > 0) continue;
      }
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}, under ${minimum} px`);
    }
    return out;
  });
  return small.length ? [{ rule: '2.5.8 target-size', help: 'Touch target under 24 x 24 CSS px, or a main action under 44 x 44', targets: small }] : [];
}

/**
 * 2.4.7 and 2.4.11: with the keyboard in use (one Tab pressed first, so
 * Chromium applies :focus-visible to focus() as it does to Tab), every
 * control in the tab order shows a change when it takes focus (outline, box
 * shadow, border or background of itself or its box), and when it takes
 * focus while sitting under the fixed header or bottom bar, the page
 * scrolls it out from under them.
 */
export async function checkFocus(page: Page): Promise<Problem[]> {
  await page.keyboard.press('Tab');
  const found = await page.evaluate(() => {
    const invisible: string[] = [];
    const obscured: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
    };
    /** The element and the two boxes around it (a field draws its focus on its box). */
    const looks = (el: Element) => [el, el.parentElement, el.parentElement?.parentElement].map((e) => (e ? look(e) : ''));
    const fixedBars = () =>
      Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((e) => {
        const s = getComputedStyle(e);
        return (s.position === 'fixed' || s.position === 'sticky') && e.checkVisibility() && !e.contains(document.activeElement);
      });
    const hiddenUnderBars = (el: Element) => {
      const box = el.getBoundingClientRect();
      const points: [number, number][] = [];
      for (const fx of [0.1, 0.5, 0.9]) for (const fy of [0.1, 0.5, 0.9]) points.push([box.left + box.width * fx, box.top + box.height * fy]);
      return points.every(([x, y]) => {
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return true;
        const top = document.elementFromPoint(x, y);
        return !top || !(el === top || el.contains(top) || top.contains(el));
      });
    };
    const tabbables = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]'),
    ).filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        !el.closest('[inert], [aria-hidden="true"]') &&
        el.checkVisibility({ visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 1,
    );
    // In a modal dialog only its own controls can take focus.
    const modal = document.querySelector('[aria-modal="true"]');
    const candidates = modal ? tabbables.filter((el) => modal.contains(el)) : tabbables;
    const bars = fixedBars();
    const header = bars.find((b) => b.matches('header'));
    const bottomBar = bars.find((b) => b.getBoundingClientRect().bottom >= innerHeight - 1 && b.getBoundingClientRect().top > innerHeight / 2);
    for (const el of candidates) {
      (document.activeElement as HTMLElement | null)?.blur?.();
      const before = looks(el);
      const inBar = bars.some((b) => b.contains(el));
      if (!inBar && !modal) {
        // Put it under the header (then under the bottom bar) before it takes focus, as after a scroll.
        for (const bar of [header, bottomBar]) {
          if (!bar) continue;
          const barBox = bar.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const target = bar === header ? barBox.top + 2 : barBox.top + 2;
          window.scrollBy(0, box.top - target);
          el.focus();
          if (hiddenUnderBars(el)) obscured.push(`${describe(el)} under the ${bar === header ? 'header' : 'bottom bar'}`);
          el.blur();
        }
      }
      el.focus();
      const after = looks(el);
      if (document.activeElement === el && before.every((b, i) => b === after[i])) invisible.push(describe(el));
      el.blur();
    }
    window.scrollTo(0, 0);
    return { invisible, obscured };
  });
  const problems: Problem[] = [];
  if (found.invisible.length) problems.push({ rule: '2.4.7 focus-visible', help: 'No visible change when the control takes keyboard focus', targets: found.invisible });
  if (found.obscured.length) problems.push({ rule: '2.4.11 focus-not-obscured', help: 'Focused control hidden by a fixed bar', targets: found.obscured });
  return problems;
}

/**
 * 1.4.10 / 1.4.4: nothing sticks out of the screen sideways (the page does
 * not scroll sideways, and no box reaches past its edges unless it is in a
 * container that scrolls or clips on purpose, such as a carousel), and no
 * text is cut off: a box that clips its text must end it with an ellipsis,
 * and then the full text must be the name of the control it is in. With
 * `minTextPx`, no text on screen is smaller than that (the site's rule: 12 px).
 */
export async function checkReflow(page: Page, label: string, width: number, { minTextPx = 0 } = {}): Promise<Problem[]> {
  // The width the screen has: a phone's browser widens its layout to content that does not fit, so the page's own width says nothing.
  const found = await page.evaluate(({ width, minTextPx }) => {
    const outside: string[] = [];
    const cut: string[] = [];
    const small: string[] = [];
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
      return `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    if (document.documentElement.scrollWidth > width + 1) outside.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    // Depth first, each element's style read once; `clipped`: inside a box that scrolls or clips sideways on purpose.
    const visit = (el: HTMLElement, clipped: boolean) => {
      const s = getComputedStyle(el);
      if (s.display === 'none') return;
      const box = el.getBoundingClientRect();
      const shown = s.visibility !== 'hidden' && box.width > 1 && box.height > 1;
      if (shown && !clipped && (box.right > width + 1 || box.left < -1)) outside.push(`${describe(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
      if (shown) checkText(el, s);
      for (const child of Array.from(el.children)) visit(child as HTMLElement, clipped || s.overflowX !== 'visible');
    };
    const checkText = (el: HTMLElement, s: CSSStyleDeclaration) => {
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!ownText) return;
      const size = Number.parseFloat(s.fontSize);
      if (size < minTextPx) small.push(`${describe(el)} is ${size} px`);
      // Text that runs out of its own box (a label that does not wrap) is what widens a page.
      if (s.overflowX === 'visible' && s.display !== 'inline' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        outside.push(`${describe(el)} runs ${el.scrollWidth - el.clientWidth} px out of its box`);
      }
      const clipsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      const overX = clipsX && el.scrollWidth > el.clientWidth + 1;
      const overY = clipsY && el.scrollHeight > el.clientHeight + 1;
      if (!overX && !overY) return;
      // An ellipsis or a line clamp ends cut text visibly.
      const ended = s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none';
      if (!ended) {
        cut.push(`${describe(el)} clipped without an ellipsis`);
        return;
      }
      // Truncated text must be whole somewhere: the name of the control it is in, or its title.
      const full = (el.textContent ?? '').trim();
      const control = el.closest('a, button, [role=button], [role=link], [title]');
      const name = control ? `${control.getAttribute('aria-label') ?? ''} ${control.getAttribute('title') ?? ''} ${control.textContent ?? ''}` : '';
      const labelledBy = control?.getAttribute('aria-labelledby');
      const named = labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      if (control && control.getAttribute('aria-label') === null && !labelledBy) return; // named by its content: the whole text
      if (!`${name} ${named}`.includes(full)) cut.push(`${describe(el)} truncated, and the full text is nowhere`);
    };
    visit(document.body, false);
    return { outside, cut, small };
  }, { width, minTextPx });
  const problems: Problem[] = [];
  if (found.outside.length) problems.push({ rule: `1.4.10 reflow (${label})`, help: 'Content reaches past the sides of the screen', targets: found.outside });
  if (found.cut.length) problems.push({ rule: `1.4.4 text cut off (${label})`, help: 'Text is cut off', targets: found.cut });
  if (found.small.length) problems.push({ rule: `text size (${label})`, help: `Text smaller than ${minTextPx} px`, targets: found.small });
  return problems;
}

/** Waits two frames, so that what resize observers and media queries change is on screen. */
export const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Nothing a player reads is smaller than this: the site's type scale starts there (`--font-size-xs`, src/ui/tokens.css). */
export const minimumTextPx = 12;

/**
 * The reflow and text-size checks: the page at 320 CSS px wide, then back at
 * its width with Chromium's default font size doubled (what a player's
 * larger text setting does: the design tokens size text in rem), and back.
 */
export async function checkResize(page: Page, cdp: CDPSession): Promise<Problem[]> {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  const problems: Problem[] = [];
  problems.push(...(await checkReflow(page, `${size.width} px`, size.width, { minTextPx: minimumTextPx })));
  await page.setViewportSize({ width: 320, height: 568 });
  await nextFrames(page);
  problems.push(...(await checkReflow(page, '320 px', 320)));
  await page.setViewportSize(size);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  await nextFrames(page);
  const bodyText = await page.evaluate(() => getComputedStyle(document.body).fontSize);
  if (bodyText !== '32px') {
    problems.push({ rule: '1.4.4 resize-text (200 %)', help: `The text did not grow with the player's text size (body ${bodyText})`, targets: ['body'] });
  }
  problems.push(...(await checkReflow(page, 'text 200 %', size.width)));
  // Back to the default text size; whatever runs next lays the page out again when it needs to.
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 } });
  return problems;
}

/**
 * 3.3.1 / 1.3.1 / 4.1.2 after a form was sent with its fields empty: some
 * field is marked invalid, focus is on the first one, and every invalid field
 * is described by an error text on screen (aria-describedby or
 * aria-errormessage pointing at visible text).
 */
export async function checkFormErrors(page: Page, formIndex: number): Promise<Problem[]> {
  const found = await page.evaluate((index) => {
    const form = document.querySelectorAll('form')[index];
    if (!form) return { none: true, unfocused: false, undescribed: [] as string[] };
    const invalid = Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
    const undescribed: string[] = [];
    for (const field of invalid) {
      const ids = `${field.getAttribute('aria-describedby') ?? ''} ${field.getAttribute('aria-errormessage') ?? ''}`.split(/\s+/).filter(Boolean);
      const texts = ids
        .map((id) => document.getElementById(id))
        .filter((e): e is HTMLElement => !!e && e.checkVisibility())
        .map((e) => e.textContent?.trim() ?? '')
        .filter(Boolean);
      if (texts.length === 0) undescribed.push(`${field.tagName.toLowerCase()} ${field.getAttribute('name') ?? field.id}`);
    }
    const active = document.activeElement;
    return { none: invalid.length === 0, unfocused: invalid.length > 0 && active !== invalid[0], undescribed };
  }, formIndex);
  const problems: Problem[] = [];
  if (found.none) problems.push({ rule: '3.3.1 error-identification', help: 'A form sent with empty fields marks no field in error (aria-invalid)', targets: [`form ${formIndex}`] });
  if (found.unfocused) problems.push({ rule: '3.3.1 error-focus', help: 'Focus is not on the first field in error after sending', targets: [`form ${formIndex}`] });
  if (found.undescribed.length) problems.push({ rule: '1.3.1 error-tied-to-field', help: 'A field in error is not described by its error text', targets: found.undescribed });
  return problems;
}
