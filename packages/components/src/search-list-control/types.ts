/** One entry of a search list: id, name, optional count, parent id, breadcrumbs and children. */
export interface SearchListItem {
  /** Stable id. */
  id: number | string;
  /** Text shown and searched. */
  name: string;
  /** A count shown next to the name (products in a category…). */
  count?: number;
  /** Id of the parent item; 0 or absent for a top-level item. */
  parent?: number | string;
  /** Names of the ancestors, outermost first, shown with search results. */
  breadcrumbs?: readonly string[];
  /** Child items, for hierarchical lists. */
  children?: readonly SearchListItem[];
}
