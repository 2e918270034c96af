// Navigation menu types per spec 001 §3 and API.md §5.4.

/** The menus an item moves between. */
export type MenuId = 'favorites' | 'plugins' | (string & {});

/** A navigation menu item. */
export interface MenuItem {
  readonly id: string;
  readonly title?: string;
  readonly menuId: MenuId;
}
