// Home's banner: one slide per product line, each leading to its section. Slides scroll natively
// (swipe, snap) and advance by themselves unless the user asked for reduced motion.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';

const products = [
  { key: 'spot', path: '/pages/spot/index' },
  { key: 'futures', path: '/pages/contract/index' },
  { key: 'second', path: '/pages/option/index' },
  { key: 'subscription', path: '/pages/subscription/index' },
  { key: 'ai', path: '/pages/ai/index' },
] as const;

const advanceMs = 6000;

/** Scroll offsets run negative in a right-to-left scroller. */
function slideOffset(track: HTMLElement, index: number): number {
  const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
  return sign * index * track.clientWidth;
}

export function ProductCarousel() {
  const { t } = useTranslation();
  const go = useGo();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  // Each change of slide, by swipe or by timer, restarts the wait for the next one.
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setTimeout(() => {
      const element = track.current;
      if (!element) return;
      const next = (current + 1) % products.length;
      element.scrollTo({ left: slideOffset(element, next), behavior: 'smooth' });
    }, advanceMs);
    return () => clearTimeout(timer);
  }, [current]);

  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    setCurrent(Math.round(Math.abs(element.scrollLeft) / element.clientWidth));
  };

  return (
    <section className="carousel" aria-label={t('products.label')}>
      <div className="carousel__track" ref={track} onScroll={onScroll}>
        {products.map((product) => (
          <button
            key={product.key}
            type="button"
            className={`product-slide product-slide--${product.key}`}
            onClick={() => go(product.path)}
          >
            <span className="product-slide__title">{t(`products.${product.key}.title`)}</span>
            <span className="product-slide__text">{t(`products.${product.key}.text`)}</span>
            <span className="product-slide__open">{t('products.open')}</span>
          </button>
        ))}
      </div>
      <div className="carousel__dots" aria-hidden="true">
        {products.map((product, index) => (
          <span
            key={product.key}
            className={index === current ? 'carousel__dot carousel__dot--current' : 'carousel__dot'}
          />
        ))}
      </div>
    </section>
  );
}
