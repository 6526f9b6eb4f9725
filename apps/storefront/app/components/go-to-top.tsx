import { useEffect, useState } from 'react';
import { GO_TO_TOP_THRESHOLD_PX } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';

/** Appears once the page is scrolled more than 250 px (spec sections 2 and 9). */
export function GoToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > GO_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-[calc(1rem+var(--sticky-bar-height,0px))] z-40 transition-[bottom] flex h-12 w-12 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:bg-blue-800"
      aria-label={t('common.goToTop')}
      title={t('common.goToTop')}
    >
      <span aria-hidden="true" className="text-xl">
        ↑
      </span>
    </button>
  );
}
