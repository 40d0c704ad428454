/** Previews of images a player picked (a promotion application's, a feedback's), each with its remove button. */
import { useEffect, useRef } from 'react';
import { IconButton } from './button.tsx';
import styles from './image-previews.module.css';

export interface PreviewedImage {
  id: string;
  name: string;
  file: unknown;
}

/** The previews from object URLs, each revoked when its image goes (and all when the list goes). */
export function ImagePreviews({ images, onRemove, removeLabel }: { images: PreviewedImage[]; onRemove: (id: string) => void; removeLabel: (name: string) => string }) {
  const urls = useRef(new Map<string, string>());
  const shown = images.map((image) => {
    let url = urls.current.get(image.id);
    if (url === undefined) {
      // A browser without object URLs (a test's DOM) shows the names alone.
      url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(image.file as Blob) : '';
      urls.current.set(image.id, url);
    }
    return { image, url };
  });
  const ids = images.map((image) => image.id).join(' ');
  useEffect(() => {
    const kept = new Set(ids.split(' '));
    for (const [id, url] of urls.current) {
      if (!kept.has(id)) {
        if (url) URL.revokeObjectURL(url);
        urls.current.delete(id);
      }
    }
  }, [ids]);
  useEffect(() => {
    const all = urls.current;
    return () => {
      for (const url of all.values()) if (url) URL.revokeObjectURL(url);
      all.clear();
    };
  }, []);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.previews}>
      {shown.map(({ image, url }) => (
        <li key={image.id} className={styles.preview}>
          <img src={url || undefined} alt={image.name} />
          <IconButton icon="x" className={styles.remove} label={removeLabel(image.name)} onClick={() => onRemove(image.id)} />
        </li>
      ))}
    </ul>
  );
}
