/** docs/domains/site.md#help-window: the help window's sizes. */
export const HELP_WINDOW = {
  maxDefaultWidth: 600,
  maxDefaultHeight: 800,
  minWidth: 300,
  minHeight: 300,
  menuWidth: 155,
  minMenuWidth: 100,
  minContentWidth: 100,
  draggingOpacity: 0.85,
  /** distance kept from the viewport edges when placing the window */
  margin: 16,
} as const;

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  left: number;
  top: number;
}

/** Default size: up to 600 wide and 800 high, smaller on small screens, never under 300×300. */
export function defaultHelpSize(viewport: Size): Size {
  const m = HELP_WINDOW.margin * 2;
  return {
    width: Math.max(HELP_WINDOW.minWidth, Math.min(HELP_WINDOW.maxDefaultWidth, viewport.width - m)),
    height: Math.max(HELP_WINDOW.minHeight, Math.min(HELP_WINDOW.maxDefaultHeight, viewport.height - m)),
  };
}

/** Default place: the bottom-right corner, inside the margin. */
export function defaultHelpRect(viewport: Size): Rect {
  const size = defaultHelpSize(viewport);
  return {
    ...size,
    left: Math.max(0, viewport.width - size.width - HELP_WINDOW.margin),
    top: Math.max(0, viewport.height - size.height - HELP_WINDOW.margin),
  };
}

/** A resized window: at least 300×300 and at most the viewport from its top-left corner. */
export function clampHelpSize(size: Size, rect: Pick<Rect, 'left' | 'top'>, viewport: Size): Size {
  const maxW = Math.max(HELP_WINDOW.minWidth, viewport.width - rect.left);
  const maxH = Math.max(HELP_WINDOW.minHeight, viewport.height - rect.top);
  return {
    width: Math.round(Math.min(maxW, Math.max(HELP_WINDOW.minWidth, size.width))),
    height: Math.round(Math.min(maxH, Math.max(HELP_WINDOW.minHeight, size.height))),
  };
}

/** A dragged window stays fully on screen (its header always reachable). */
export function clampHelpPosition(rect: Rect, viewport: Size): Pick<Rect, 'left' | 'top'> {
  return {
    left: Math.round(Math.min(Math.max(0, rect.left), Math.max(0, viewport.width - rect.width))),
    top: Math.round(Math.min(Math.max(0, rect.top), Math.max(0, viewport.height - rect.height))),
  };
}

/** Menu width: at least 100, and small enough to leave the content at least 100. */
export function clampMenuWidth(menuWidth: number, windowWidth: number): number {
  const max = Math.max(HELP_WINDOW.minMenuWidth, windowWidth - HELP_WINDOW.minContentWidth);
  return Math.round(Math.min(max, Math.max(HELP_WINDOW.minMenuWidth, menuWidth)));
}
