import { EllipsisMenu, MenuItem, MenuTitle } from '@storelens/components';
import { __ } from '@storelens/i18n';
import { type ReactNode, useId, useState } from 'react';

/** The common controls every Overview section's menu holds. */
export interface SectionControls {
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  onRename: (title: string) => void;
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
            <h2 id={headingId} className="sl-visually-hidden">
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
