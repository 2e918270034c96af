export {
  EllipsisMenu,
  type EllipsisMenuProps,
  MenuItem,
  type MenuItemProps,
  MenuTitle,
} from './EllipsisMenu';
