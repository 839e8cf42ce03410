// The top bar's title, made to fit: a long title wraps at a space onto a second line (CSS), and a
// single word too wide for the title's room (German compounds) is set just small enough to fit,
// rather than cut or broken. Whatever sets the text (a page's title, a language change), it is measured
// again as it changes.
import { useLayoutEffect, useRef } from 'react';

/** Sets the title's font as much smaller as its widest word is wider than its room. */
function fitTitle(title: HTMLElement): void {
  title.style.fontSize = '';
  const room = title.clientWidth / title.scrollWidth;
  if (room < 1) {
    const size = Number.parseFloat(getComputedStyle(title).fontSize);
    title.style.fontSize = `${Math.floor(size * room)}px`;
  }
}

export function FittedTitle(props: { text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const title = ref.current;
    if (!title) return;
    fitTitle(title);
    const watch = new MutationObserver(() => fitTitle(title));
    watch.observe(title, { childList: true, characterData: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return (
    <h1 ref={ref} className="top-bar__title">
      {props.text}
    </h1>
  );
}
