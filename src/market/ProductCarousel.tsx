// Home's banner: one slide per product line, each leading to its section, as each product's entry
// gives it (src/products.ts). Slides scroll natively (swipe, snap) and advance by themselves unless
// the user asked for reduced motion.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { productEntries } from '../products.ts';
import type { ProductEntry } from '../shell/product-entry.ts';

const advanceMs = 6000;

/** A slide's classes: its key's, and its tint's when it has one. */
function slideClass({ slide }: ProductEntry): string {
  const tint = slide.tint === undefined ? '' : ` product-slide--tint-${slide.tint}`;
  return `product-slide product-slide--${slide.key}${tint}`;
}

/** Scroll offsets run negative in a right-to-left scroller. */
function slideOffset(track: HTMLElement, index: number): number {
  const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1;
  return sign * index * track.clientWidth;
}

export function ProductCarousel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  // Each change of slide, by swipe or by timer, restarts the wait for the next one.
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setTimeout(() => {
      const element = track.current;
      if (!element) return;
      const next = (current + 1) % productEntries.length;
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
        {productEntries.map((product) => (
          <button
            key={product.slide.key}
            type="button"
            className={slideClass(product)}
            onClick={() => void navigate({ to: product.path })}
          >
            <span className="product-slide__title">{t(`products.${product.slide.key}.title`)}</span>
            <span className="product-slide__text">{t(`products.${product.slide.key}.text`)}</span>
            <span className="product-slide__open">{t('products.open')}</span>
          </button>
        ))}
      </div>
      <div className="carousel__dots" aria-hidden="true">
        {productEntries.map((product, index) => (
          <span
            key={product.slide.key}
            className={index === current ? 'carousel__dot carousel__dot--current' : 'carousel__dot'}
          />
        ))}
      </div>
    </section>
  );
}
