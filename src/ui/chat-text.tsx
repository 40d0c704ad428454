/**
 * The text of a chat message (contract/chat.ts: plain text). Web addresses
 * (http and https) become links that open in a new tab without access to
 * this page; everything else, markup included, is shown as the text it is.
 * Shared by the member's chat and the staff console.
 */
import { Fragment } from 'react';

export type ChatTextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An address starts with http:// or https:// and runs to the next space or angle bracket or quote. */
const addressPattern = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const trailingPunctuation = /[.,;:!?]+$/;

/** Drops what closes a sentence or a bracket the address did not open. */
function trimAddress(raw: string): string {
  let address = raw;
  for (;;) {
    const before = address;
    address = address.replace(trailingPunctuation, '');
    const last = address.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const open = last ? pairs[last] : undefined;
    if (open && count(address, last!) > count(address, open)) address = address.slice(0, -1);
    if (address === before) return address;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address as a link target, or null when it is not a valid http(s) URL. */
function hrefOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The message's text cut into plain runs and links, in order; joined, the runs give back the text. */
export function chatTextParts(text: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let at = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(addressPattern)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = hrefOf(address);
    pushText(text.slice(at, start));
    if (href) {
      parts.push({ kind: 'link', text: address, href });
    } else {
      pushText(address);
    }
    at = start + address.length;
  }
  pushText(text.slice(at));
  return parts;
}

/**
 * A message's text with its addresses as links. The caller's element keeps
 * the line breaks (`white-space: pre-wrap`) and breaks long addresses
 * (`overflow-wrap: anywhere`).
 */
export function ChatText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {chatTextParts(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
