/** The images a player picks (a promotion application's, a feedback's): the picker, and their previews, each with its remove button. */
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

/** An image picked, as the forms' machines take it: a unique id (the view's key and the remove button's target) and the file. */
export interface PickedImageFile {
  id: string;
  name: string;
  /** The MIME type as the browser reports it (the machines check it, the server checks the bytes). */
  type: string;
  size: number;
  file: File;
}

let picked = 0;

/** "Add image": a file picker for png and jpg, several at once; each file goes to `onPick`, and the same file can be picked again. */
export function ImagePicker({ label, onPick, className }: { label: string; onPick: (image: PickedImageFile) => void; className?: string }) {
  return (
    <label className={className ? `${styles.picker} ${className}` : styles.picker}>
      {label}
      <input
        className={styles.visuallyHidden}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        onChange={(event) => {
          for (const file of Array.from(event.currentTarget.files ?? [])) {
            onPick({ id: `image-${++picked}`, name: file.name, type: file.type, size: file.size, file });
          }
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}
