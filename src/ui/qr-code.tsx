import { useMemo } from 'react';
import { encode } from 'uqr';
import styles from './qr-code.module.css';

/**
 * A QR code of `text` (error correction M, a quiet zone of 2 modules), drawn
 * as one SVG path of its dark modules: sharp at any size, dark on light as
 * scanners expect whatever the site's theme.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { size: modules, data } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: modules, path: d };
  }, [text]);
  return (
    <svg className={styles.qr} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
