/**
 * The site's icons (lucide, https://lucide.dev): `<Icon name="star" size={18} />`.
 * `npm run icons` (scripts/icon-sprite.ts) draws every icon of `IconName`
 * from lucide's own data into one SVG sprite, src/ui/icons.svg (generated),
 * so the drawings are an SVG file the browser caches, not JavaScript; `Icon`
 * shows its symbol with <use>. Colour is `currentColor`; an icon is hidden
 * from screen readers unless it is given a label.
 */
import type { SVGProps } from 'react';
import sprite from './icons.svg?url';

export type IconName =
  | 'banknote'
  | 'briefcase'
  | 'chart-line'
  | 'chevron-left'
  | 'chevron-right'
  | 'circle-check'
  | 'circle-question-mark'
  | 'circle-x'
  | 'clock'
  | 'cloud-rain'
  | 'construction'
  | 'crown'
  | 'dices'
  | 'download'
  | 'eye'
  | 'eye-off'
  | 'file-clock'
  | 'file-pen-line'
  | 'flame'
  | 'gamepad-2'
  | 'gift'
  | 'hand-coins'
  | 'house'
  | 'id-card'
  | 'languages'
  | 'layout-grid'
  | 'loader'
  | 'log-in'
  | 'log-out'
  | 'mail'
  | 'megaphone'
  | 'menu'
  | 'messages-square'
  | 'percent'
  | 'piggy-bank'
  | 'play'
  | 'receipt-text'
  | 'refresh-cw'
  | 'search-x'
  | 'settings'
  | 'share-2'
  | 'shield-ban'
  | 'shield-check'
  | 'shield-exclamation-point'
  | 'shopping-bag'
  | 'sliders-horizontal'
  | 'star'
  | 'thumbs-up'
  | 'ticket'
  | 'tv'
  | 'user-plus'
  | 'user-round'
  | 'users'
  | 'users-round'
  | 'wallet'
  | 'wifi-off'
  | 'x';

/**
 * Icons that point along the line of text (back, forward, in, out): right to left
 * (`<html dir="rtl">`) they are mirrored, by the `[data-rtl-mirror]` rule of src/ui/base.css.
 */
const mirroredRtl: ReadonlySet<IconName> = new Set<IconName>(['chevron-left', 'chevron-right', 'log-in', 'log-out']);

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'ref' | 'name'> {
  name: IconName;
  /** Width and height in px (24). */
  size?: number;
}

export function Icon({ name, size = 24, ...props }: IconProps) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from screen readers unless labelled, and then role="img" with its label
    <svg
      role={labelled ? 'img' : undefined}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      data-icon={name}
      data-rtl-mirror={mirroredRtl.has(name) ? '' : undefined}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
