// A card drawn to a canvas as the PNG a phone saves or shares (the PnL card, the invite poster):
// `draw` paints the canvas whenever it changes (a new card, another language), the PNG and its
// object URL follow, and the URL is freed when it is replaced or the page goes. `share` hands the
// file to the phone's share sheet, where the browser offers one.
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../app/toasts.ts';
import { cardFile } from './share-canvas.ts';

export function useCardImage(
  name: string,
  draw: (canvas: HTMLCanvasElement) => void,
  words: { title: string; failed: string },
) {
  const toast = useNotify();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<{ url: string; file: File } | null>(null);

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    draw(target);
    let url: string | null = null;
    let current = true;
    void cardFile(target, name).then((file) => {
      if (!file || !current) return;
      url = URL.createObjectURL(file);
      setImage({ url, file });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [draw, name]);

  const shareable =
    image !== null &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [image.file] });
  const share = async () => {
    if (!image) return;
    try {
      await navigator.share({ files: [image.file], title: words.title });
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast(words.failed, 'error');
    }
  };
  return { canvas, image, shareable, share };
}
