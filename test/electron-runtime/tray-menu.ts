/**
 * Tray and Menu (https://www.electronjs.org/docs/latest/api/tray, …/menu): a Tray before 'ready' throws, as in
 * Electron; both record what the app shows, and a menu item can be clicked from the test by its label.
 */
import { EventEmitter } from 'node:events';
import type { MenuItemRecord, TrayRecord } from './records.ts';

export interface MenuItemOptions {
  readonly label?: string;
  readonly type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  readonly enabled?: boolean;
  readonly checked?: boolean;
  readonly click?: (...args: unknown[]) => void;
  readonly submenu?: readonly MenuItemOptions[];
  readonly role?: string;
  readonly accelerator?: string;
}

const KNOWN_ITEM_KEYS = new Set(['label', 'type', 'enabled', 'checked', 'click', 'submenu', 'role', 'accelerator']);

export class MenuItemStandIn {
  readonly label: string;
  readonly type: string;
  readonly enabled: boolean;
  checked: boolean;
  readonly submenu: MenuStandIn | undefined;
  readonly #click: ((...args: unknown[]) => void) | undefined;

  constructor(options: MenuItemOptions) {
    for (const key of Object.keys(options)) {
      if (!KNOWN_ITEM_KEYS.has(key)) throw new Error(`menu item option '${key}' is not in the electron stand-in`);
    }
    this.label = options.label ?? '';
    this.type = options.type ?? (options.submenu === undefined ? 'normal' : 'submenu');
    this.enabled = options.enabled ?? true;
    this.checked = options.checked ?? false;
    this.submenu = options.submenu === undefined ? undefined : MenuStandIn.buildFromTemplate(options.submenu);
    this.#click = options.click;
  }

  /** As Electron: a checkbox flips before its click handler runs; a disabled item does nothing. */
  click(): void {
    if (!this.enabled) throw new Error(`menu item '${this.label}' is disabled`);
    if (this.type === 'checkbox') this.checked = !this.checked;
    this.#click?.(this, undefined, {});
  }

  toRecord(): MenuItemRecord {
    return {
      label: this.label,
      type: this.type,
      enabled: this.enabled,
      checked: this.checked,
      submenu: this.submenu?.items.map((item) => item.toRecord()) ?? [],
    };
  }
}

export class MenuStandIn {
  readonly items: MenuItemStandIn[];

  constructor(items: MenuItemStandIn[] = []) {
    this.items = items;
  }

  static buildFromTemplate(template: readonly MenuItemOptions[]): MenuStandIn {
    return new MenuStandIn(template.map((options) => new MenuItemStandIn(options)));
  }

  /** Depth-first, so an item inside a submenu is found by its own label. */
  findItem(label: string): MenuItemStandIn | undefined {
    for (const item of this.items) {
      if (item.label === label) return item;
      const inner = item.submenu?.findItem(label);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
}

export interface TrayRuntime {
  isReady(): boolean;
  readonly platform: string;
  readonly trays: TrayStandIn[];
}

export class TrayStandIn extends EventEmitter {
  #image: string;
  #toolTip = '';
  #title = '';
  #menu: MenuStandIn | null = null;
  #destroyed = false;
  readonly #showsTitle: boolean;

  constructor(runtime: TrayRuntime, image: string) {
    super();
    this.#showsTitle = runtime.platform === 'darwin';
    if (!runtime.isReady()) throw new Error('Cannot create Tray before app is ready');
    if (typeof image !== 'string') throw new Error('the electron stand-in takes tray images as file paths only');
    this.#image = image;
    runtime.trays.push(this);
  }

  setImage(image: string): void {
    this.#assertAlive();
    this.#image = image;
  }

  setToolTip(toolTip: string): void {
    this.#assertAlive();
    this.#toolTip = toolTip;
  }

  /** macOS only: Electron has the method everywhere, but shows a title beside the icon only in the menu bar. */
  setTitle(title: string): void {
    this.#assertAlive();
    if (this.#showsTitle) this.#title = title;
  }

  setContextMenu(menu: MenuStandIn | null): void {
    this.#assertAlive();
    if (menu !== null && !(menu instanceof MenuStandIn)) throw new Error('setContextMenu takes a Menu');
    this.#menu = menu;
  }

  destroy(): void {
    this.#destroyed = true;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  contextMenu(): MenuStandIn | null {
    return this.#menu;
  }

  toRecord(): TrayRecord {
    return {
      image: this.#image,
      toolTip: this.#toolTip,
      title: this.#title,
      menu: this.#menu?.items.map((item) => item.toRecord()) ?? [],
      destroyed: this.#destroyed,
    };
  }

  #assertAlive(): void {
    if (this.#destroyed) throw new Error('Object has been destroyed');
  }
}
