import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** What server HTML (announcements, promotions, help) may contain. */
const purifyConfig = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset'],
  ALLOW_DATA_ATTR: false,
};

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links from server HTML open in a new tab without access to this page.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitised HTML as a string (also used for plain-text previews). */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, purifyConfig);
}

/**
 * The one place where HTML from the server reaches the page: every
 * announcement, promotion and help text goes through DOMPurify here.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the content is sanitised by DOMPurify above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The text of sanitised HTML, for a one-line preview (the notice cards). */
export function plainTextOf(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
