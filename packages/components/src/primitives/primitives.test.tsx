import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useControllableState } from './use-controllable-state';
import { usePopover } from './use-popover';
import { VISUALLY_HIDDEN, VisuallyHidden } from './visually-hidden';

describe('useControllableState', () => {
  it('uncontrolled: keeps its own state from the default and reports each change', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() =>
      useControllableState({ value: undefined, defaultValue: 1, onChange }),
    );
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('controlled: always shows the value and only reports the request', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() =>
      useControllableState({ value: 5, defaultValue: 1, onChange }),
    );
    act(() => result.current[1](6));
    expect(result.current[0]).toBe(5);
    expect(onChange).toHaveBeenCalledWith(6);
  });

  it('does not call onChange when nothing changed, controlled or not', () => {
    for (const value of [undefined, 3]) {
      const onChange = vi.fn();
      const { result } = renderHook(() =>
        useControllableState({ value, defaultValue: 3, onChange }),
      );
      act(() => result.current[1](3));
      expect(onChange).not.toHaveBeenCalled();
      act(() => result.current[1](4));
      act(() => result.current[1](4));
      expect(onChange).toHaveBeenCalledTimes(1);
    }
  });
});

describe('VisuallyHidden', () => {
  it('keeps its text in the accessibility tree under the one hiding class', () => {
    render(
      <button type="button">
        <span aria-hidden="true">×</span>
        <VisuallyHidden id="hint">Close the panel</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Close the panel' })).toBeInTheDocument();
    const hidden = screen.getByText('Close the panel');
    expect(hidden).toHaveClass(VISUALLY_HIDDEN);
    expect(hidden).toHaveAttribute('id', 'hint');
  });
});

function Popover() {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, getReferenceProps, getFloatingProps, close } = usePopover({
    open,
    onOpenChange: setOpen,
    role: 'dialog',
    toggleOnClick: true,
  });
  return (
    <>
      <button type="button" ref={refs.setReference} {...getReferenceProps()}>
        Toggle
      </button>
      {open && (
        <div ref={refs.setFloating} style={floatingStyles} {...getFloatingProps()}>
          <button type="button">Inside</button>
          <button type="button" onClick={() => close()}>
            Done
          </button>
          <button type="button" onClick={() => close(false)}>
            Leave
          </button>
        </div>
      )}
      <button type="button">Outside</button>
    </>
  );
}

describe('usePopover', () => {
  const toggle = () => screen.getByRole('button', { name: 'Toggle' });

  it('toggles on click and announces its role', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(toggle());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape closes it and gives focus back to the reference', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(toggle());
    screen.getByRole('button', { name: 'Inside' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it('a press outside closes it and leaves focus where the press put it', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
  });

  it('close() gives focus back; close(false) does not', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle()).not.toHaveFocus();
  });
});
