import { describe, expect, it } from 'vitest';
import { EMPTY_MODAL, hideModal, showModal } from './modal-host.tsx';

const Confirm = () => null;

describe('modal state (spec section 4)', () => {
  it('showing sets visibility, the item and the component', () => {
    const state = showModal(Confirm, { id: 7 }, { title: 'Remove?', size: 'large' });
    expect(state).toMatchObject({
      visible: true,
      item: { id: 7 },
      component: Confirm,
      size: 'large',
    });
  });

  it('defaults to the small size', () => {
    expect(showModal(Confirm, null, { title: 'x' }).size).toBe('small');
  });

  it('hiding clears all three', () => {
    expect(hideModal()).toEqual(EMPTY_MODAL);
    expect(hideModal()).toMatchObject({ visible: false, item: null, component: null });
  });
});
