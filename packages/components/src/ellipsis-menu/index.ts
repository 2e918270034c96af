export {
  EllipsisMenu,
  type EllipsisMenuProps,
  MenuItem,
  type MenuItemProps,
  MenuTitle,
} from './ellipsis-menu';
