// The tray menu's item types (plain data), apart from the menu's builders so the account submenus
// (tray-accounts.ts) and the whole menu (tray-menu.ts) share them without importing each other.
import type { TrayParams } from './tray-actions';

export type TrayActionId =
  | 'open-status'
  | 'open-onboarding'
  | 'open-coverage'
  | 'open-override'
  | 'open-team'
  | 'open-chat-group'
  | 'open-settings'
  | 'refresh'
  | 'toggle-start-at-login'
  | 'open-update'
  | 'take-over'
  | 'hand-back'
  | 'pause-1h'
  | 'pause-tomorrow'
  | 'resume'
  | 'copy-summary'
  | 'open-away'
  | 'open-swap'
  | 'export-calendar'
  | 'mute-account'
  | 'pause-account-1h'
  | 'pause-account-tomorrow'
  | 'resume-account'
  | 'alarm-ack'
  | 'quit';

/** An item of the menu or of a submenu (`params` name the account or schedule an item is about). */
export type TrayLeafItem =
  | { type: 'label'; label: string }
  | { type: 'action'; label: string; action: TrayActionId; enabled: boolean; params?: TrayParams }
  | { type: 'checkbox'; label: string; action: TrayActionId; checked: boolean; params?: TrayParams }
  | { type: 'separator' };

/** One account's items, with several accounts (tray-accounts.ts). */
export interface TraySubmenu {
  type: 'submenu';
  label: string;
  items: TrayLeafItem[];
}

export type TrayMenuItem = TrayLeafItem | TraySubmenu;
