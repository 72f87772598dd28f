/**
 * The menu catalogue, derived from the table of screens (contract/screens.ts): the sections and
 * leaves of built screens. Upserted into menu_items at start. `grants` are the built-in roles given
 * an item when it is first inserted; later changes by admins are kept because grants are never
 * re-applied to existing items.
 */
import { menuCatalogue, ROLES } from '../../../../contract/screens.js';

export type { MenuEntry } from '../../../../contract/screens.js';
export const ROLE_CATALOGUE = ROLES;
export const MENU_CATALOGUE = menuCatalogue();
