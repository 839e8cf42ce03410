// The top bar's title, made to fit: a long title wraps at a space onto a second line (CSS), and a
// single word too wide for the title's room (German compounds) is set smaller, step by step, rather
// than cut or broken. Whatever sets the text (a page's title, a language change), it is measured
// again as it changes.
import { useLayoutEffect, useRef } from 'react';

/** Smaller sizes to try, in order (src/styles/shell.css). */
const steps = ['top-bar__title--small', 'top-bar__title--smaller'];

function fitTitle(title: HTMLElement): void {
  title.classList.remove(...steps);
  for (const step of steps) {
    if (title.scrollWidth <= title.clientWidth) return;
    title.classList.add(step);
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
