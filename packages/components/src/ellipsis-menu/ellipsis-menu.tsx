import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { useControllableState } from '../primitives/use-controllable-state';
import { usePopover } from '../primitives/use-popover';
import { isMenuNavigationKey, nextMenuIndex } from './menu-focus';
import './ellipsis-menu.css';

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemcheckbox"]';

const MenuContext = createContext<{ close: () => void }>({ close: () => {} });

/** Props of {@link EllipsisMenu}. */
export interface EllipsisMenuProps {
  /** Accessible name of the toggle button (and of the menu). */
  label: string;
  /** The menu content: MenuTitle and MenuItem elements; a function receives `close`. */
  children: ReactNode | ((api: { close: () => void }) => ReactNode);
  /** Whether the menu is open (controlled). */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the menu asks to open or close. */
  onOpenChange?: (open: boolean) => void;
}

/** A "⋯" button opening a menu, following the ARIA menu button pattern. */
export function EllipsisMenu({
  label,
  children,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
}: EllipsisMenuProps) {
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement | null>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const { refs, floatingStyles, getReferenceProps, getFloatingProps, close } = usePopover({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
  });

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  useEffect(() => {
    if (!open) return;
    const target = pendingFocus.current;
    pendingFocus.current = null;
    const list = items();
    const item = target === 'last' ? list[list.length - 1] : list[0];
    if (target !== null) item?.focus();
  });

  const openWith = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    if (isMenuNavigationKey(event.key)) {
      event.preventDefault();
      const current = list.indexOf(document.activeElement as HTMLElement);
      list[nextMenuIndex(event.key, current, list.length)]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const content = typeof children === 'function' ? children({ close: () => close() }) : children;

  return (
    <div className="sl-ellipsis-menu">
      <button
        ref={refs.setReference}
        type="button"
        className="sl-ellipsis-menu__toggle"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        {...getReferenceProps({
          onClick: () => (open ? setOpen(false) : openWith('first')),
          onKeyDown: onToggleKeyDown,
        })}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open && (
        <div
          ref={(node) => {
            menuRef.current = node;
            refs.setFloating(node);
          }}
          id={menuId}
          role="menu"
          aria-label={label}
          className="sl-ellipsis-menu__menu"
          style={floatingStyles}
          tabIndex={-1}
          {...getFloatingProps({ onKeyDown: onMenuKeyDown })}
        >
          <MenuContext.Provider value={{ close: () => close() }}>{content}</MenuContext.Provider>
        </div>
      )}
    </div>
  );
}

/** A non-interactive title inside a menu. */
export function MenuTitle({ children }: { children: ReactNode }) {
  return (
    <div className="sl-ellipsis-menu__title" role="presentation">
      {children}
    </div>
  );
}

/** Props of {@link MenuItem}: an action (closes the menu) or a checkbox (stays open). */
export type MenuItemProps = {
  children: ReactNode;
  /** Called when the item is chosen by click, Enter or Space. */
  onInvoke: () => void;
} & ({ kind?: 'action' } | { kind: 'checkbox'; checked: boolean });

/** One entry of an EllipsisMenu. */
export function MenuItem(props: MenuItemProps) {
  const { close } = useContext(MenuContext);
  if (props.kind === 'checkbox') {
    return (
      <button
        type="button"
        tabIndex={-1}
        role="menuitemcheckbox"
        aria-checked={props.checked}
        className="sl-ellipsis-menu__item"
        onClick={props.onInvoke}
      >
        <span className="sl-ellipsis-menu__check" aria-hidden="true">
          {props.checked ? '✓' : ''}
        </span>
        <span>{props.children}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      tabIndex={-1}
      role="menuitem"
      className="sl-ellipsis-menu__item"
      onClick={() => {
        props.onInvoke();
        close();
      }}
    >
      <span>{props.children}</span>
    </button>
  );
}
