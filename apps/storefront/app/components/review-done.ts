import { useEffect, useRef } from 'react';
import { useI18n } from '#app/lib/i18n.tsx';
import type { ReviewReply } from '#app/lib/review-state.ts';
import { useToast } from './toasts.tsx';

/*
 * Shared by the review actions and the write form (which review-actions.tsx loads on demand):
 * in a module of its own, so that neither imports the other.
 */

/** After a modal's form worked: say so, close, and hand the focus back to the page. */
export function useDoneInModal(
  fetcher: { state: string; data?: ReviewReply | undefined },
  close: (focusId?: string) => void,
  /** Where the focus goes when the element that opened the modal is gone (a deleted review). */
  focusAfter?: string,
) {
  const { toast } = useToast();
  const { t } = useI18n();
  const handled = useRef<ReviewReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== 'idle' || !reply?.done || handled.current === reply) return;
    handled.current = reply;
    toast(t(reply.done === 'deleted' ? 'reviews.deleted' : 'reviews.thanks'));
    // The host moves the focus once the dialog has closed: a timer here raced the close
    // (the focus fell back to the page's start under load; CI 2026-11-25).
    close(focusAfter);
  }, [fetcher.state, fetcher.data, close, toast, t, focusAfter]);
}
