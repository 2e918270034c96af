import { EllipsisMenu, MenuItem, MenuTitle, VISUALLY_HIDDEN } from '@storelens/components';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { type ReactNode, useId, useState } from 'react';
import { type DashboardSection, isBlockShown } from './sections';

/** The common controls every Overview section's menu holds. */
export interface SectionControls {
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  onRename: (title: string) => void;
}

/** What `Overview` gives each of its sections. */
export interface SectionProps {
  section: DashboardSection;
  query: Query;
  controls: SectionControls;
  /**
   * Shows or hides one block (an indicator, a chart, a leaderboard) of the section;
   * `defaultShown` for a block whose default depends on the store (see `toggleBlock`).
   */
  onToggle: (block: string, defaultShown?: boolean) => void;
}

/** A block of a section that its menu can show or hide. */
export interface MenuBlock {
  block: string;
  label: string;
  /** The block's default when it depends on the store; shown by default when absent. */
  defaultShown?: boolean;
}

/**
 * A section's show/hide wiring: whether a block is shown, and the menu's checkbox items that
 * toggle the blocks (in the order given).
 */
export function useSectionMenu({ section, onToggle }: Pick<SectionProps, 'section' | 'onToggle'>) {
  const isShown = (block: string, defaultShown?: boolean) =>
    isBlockShown(section.hiddenBlocks, block, defaultShown);
  return {
    isShown,
    toggles: (blocks: readonly MenuBlock[]) =>
      blocks.map(({ block, label, defaultShown }) => (
        <MenuItem
          key={block}
          kind="checkbox"
          checked={isShown(block, defaultShown)}
          onInvoke={() =>
            defaultShown === undefined ? onToggle(block) : onToggle(block, defaultShown)
          }
        >
          {label}
        </MenuItem>
      )),
  };
}

/**
 * One Overview section: its title (renamable), header tools, and an ellipsis menu with the
 * section's own toggles followed by rename, move up, move down and remove.
 */
export function OverviewSection({
  title,
  menuLabel,
  menuTitle,
  toggles,
  tools,
  controls,
  children,
}: {
  title: string;
  menuLabel: string;
  menuTitle: string;
  toggles: ReactNode;
  tools?: ReactNode;
  controls: SectionControls;
  children: ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(title);
  const headingId = useId();
  const inputId = useId();
  const finish = (save: boolean) => {
    if (save) controls.onRename(draft);
    setRenaming(false);
  };
  return (
    <section className="sl-overview__section" aria-labelledby={headingId}>
      <div className="sl-overview__header">
        {renaming ? (
          <form
            className="sl-overview__rename"
            onSubmit={(e) => {
              e.preventDefault();
              finish(true);
            }}
          >
            <h2 id={headingId} className={VISUALLY_HIDDEN}>
              {title}
            </h2>
            <label htmlFor={inputId}>{__('Section title')}</label>
            <input
              id={inputId}
              value={draft}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this section
              autoFocus
              onChange={(e) => setDraft(e.target.value)}
              onBlur={() => finish(true)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  finish(false);
                }
              }}
            />
          </form>
        ) : (
          <h2 id={headingId} className="sl-overview__title">
            {title}
          </h2>
        )}
        <div className="sl-overview__tools">
          {tools}
          <EllipsisMenu label={menuLabel}>
            <MenuTitle>{menuTitle}</MenuTitle>
            {toggles}
            <MenuTitle>{__('Section')}</MenuTitle>
            <MenuItem
              onInvoke={() => {
                setDraft(title);
                setRenaming(true);
              }}
            >
              {__('Rename section')}
            </MenuItem>
            {controls.canMoveUp && (
              <MenuItem onInvoke={() => controls.onMove(-1)}>{__('Move up')}</MenuItem>
            )}
            {controls.canMoveDown && (
              <MenuItem onInvoke={() => controls.onMove(1)}>{__('Move down')}</MenuItem>
            )}
            <MenuItem onInvoke={controls.onRemove}>{__('Remove section')}</MenuItem>
          </EllipsisMenu>
        </div>
      </div>
      {children}
    </section>
  );
}

/** A labelled select among a section's header tools (the chart interval, the leaderboard rows). */
export function HeaderSelect({
  label,
  hideLabel = false,
  value,
  options,
  onChange,
}: {
  label: string;
  /** Keeps the label for assistive technology only. */
  hideLabel?: boolean;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label className={hideLabel ? VISUALLY_HIDDEN : undefined} htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
