import { __ } from '@storelens/i18n';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { usePopover } from '../primitives/use-popover';
import { getMenuFocusIndex } from './menu-focus';

/** One entry of the Add a Filter menu. */
export interface AddFilterItem {
  /** The filter key. */
  readonly key: string;
  /** The filter's name. */
  readonly label: string;
}

/** Props of the Add a Filter menu button. */
export interface AddFilterMenuProps {
  /** Filters that can be added, in config order. */
  readonly items: readonly AddFilterItem[];
  /** Called with the chosen filter key; the menu closes. */
  readonly onSelect: (key: string) => void;
  /** Receives the toggle button, so the panel can move focus back to it. */
  readonly buttonRef?: React.Ref<HTMLButtonElement>;
}

/** The "Add a Filter" menu button: a list of filters, navigable with arrows, Home and End. */
export function AddFilterMenu({ items, onSelect, buttonRef }: AddFilterMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { refs, floatingStyles, getReferenceProps, getFloatingProps, close } = usePopover({
    open,
    onOpenChange: setOpen,
  });

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const next = getMenuFocusIndex(event.key, active, items.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    }
  };

  const setToggleRef = (node: HTMLButtonElement | null) => {
    refs.setReference(node);
    if (typeof buttonRef === 'function') buttonRef(node);
    else if (buttonRef) buttonRef.current = node;
  };

  return (
    <div className="sl-advanced-filters__add">
      <button
        type="button"
        className="sl-advanced-filters__add-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        {...getReferenceProps({
          ref: setToggleRef,
          onClick: () => {
            setActive(0);
            setOpen((value) => !value);
          },
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setActive(event.key === 'ArrowUp' ? items.length - 1 : 0);
              setOpen(true);
            }
          },
        })}
      >
        <span aria-hidden="true">+ </span>
        {__('Add a Filter')}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={__('Add a Filter')}
          className="sl-popup sl-advanced-filters__menu"
          style={floatingStyles}
          {...getFloatingProps({ ref: refs.setFloating, onKeyDown: onMenuKeyDown })}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className="sl-popup__item sl-advanced-filters__menu-item"
              ref={(node) => {
                itemRefs.current[index] = node;
              }}
              onClick={() => {
                close(false);
                onSelect(item.key);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
