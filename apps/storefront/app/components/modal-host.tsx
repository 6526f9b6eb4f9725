import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useI18n } from '#app/lib/i18n.tsx';

export type ModalSize = 'small' | 'large';
/**
 * `close(focusId)`: hide the modal, then focus the element with that id — for a modal whose
 * opener is gone once its work is done (a deleted review): the dialog hands the focus back to
 * its opener when it closes, and without a target that is the page's start.
 */
export type ModalComponentProps<Item> = { item: Item; close: (focusId?: string) => void };

/** Spec section 4: the modal holds visibility, an item and a component; hiding clears all three. */
export type ModalState = {
  visible: boolean;
  item: unknown;
  component: ComponentType<ModalComponentProps<never>> | null;
  size: ModalSize;
  title: string;
};

export const EMPTY_MODAL: ModalState = {
  visible: false,
  item: null,
  component: null,
  size: 'small',
  title: '',
};

export function showModal<Item>(
  component: ComponentType<ModalComponentProps<Item>>,
  item: Item,
  options: { size?: ModalSize; title: string },
): ModalState {
  return {
    visible: true,
    item,
    component: component as ComponentType<ModalComponentProps<never>>,
    size: options.size ?? 'small',
    title: options.title,
  };
}

export const hideModal = (): ModalState => EMPTY_MODAL;

type ModalApi = {
  show: <Item>(
    component: ComponentType<ModalComponentProps<Item>>,
    item: Item,
    options: { size?: ModalSize; title: string },
  ) => void;
  hide: (focusId?: string) => void;
  state: ModalState;
};

const ModalContext = createContext<ModalApi | null>(null);

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal outside <ModalHost>');
  return api;
}

/** The one modal of the default layout, on a native `<dialog>` (focus trap, Escape, inert page). */
export function ModalHost({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>(EMPTY_MODAL);
  const dialog = useRef<HTMLDialogElement>(null);
  const { t } = useI18n();

  /** Where the focus goes once the dialog has closed (see `ModalComponentProps`). */
  const focusAfterClose = useRef<string | undefined>(undefined);
  const hide = useCallback((focusId?: string) => {
    focusAfterClose.current = focusId;
    setState(hideModal());
  }, []);
  const show = useCallback<ModalApi['show']>((component, item, options) => {
    setState(showModal(component, item, options));
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.visible && !element.open) element.showModal();
    if (state.visible) return;
    // close() hands the focus back to the opener synchronously; only then move it on.
    if (element.open) element.close();
    const target = focusAfterClose.current;
    focusAfterClose.current = undefined;
    if (target) document.getElementById(target)?.focus();
  }, [state.visible]);

  const api = useMemo(() => ({ show, hide, state }), [show, hide, state]);
  const Component = state.component;
  return (
    <ModalContext value={api}>
      {children}
      <dialog
        ref={dialog}
        onClose={() => hide()}
        aria-labelledby="modal-title"
        className={`m-auto w-[calc(100%-2rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50 ${
          state.size === 'large' ? 'max-w-4xl' : 'max-w-md'
        }`}
      >
        {state.visible && Component && (
          <div className="p-5">
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id="modal-title" className="text-lg font-bold">
                {state.title}
              </h2>
              <button
                type="button"
                onClick={() => hide()}
                className="rounded px-2 text-2xl leading-none hover:bg-slate-100"
                aria-label={t('common.close')}
              >
                ×
              </button>
            </div>
            <Component item={state.item as never} close={hide} />
          </div>
        )}
      </dialog>
    </ModalContext>
  );
}
