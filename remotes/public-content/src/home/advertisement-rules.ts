/** spec 01 §4, §9: the text advertisement once per browser session; the image one floats. */
export const TEXT_AD_SHOWN_KEY = 'textAdvShown';
export const FLOATING_AD_TICK_MS = 25;
/** Pixels moved per tick along each axis. */
export const FLOATING_AD_STEP_PX = 1;

export function shouldShowTextAd(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(TEXT_AD_SHOWN_KEY) === null;
  } catch {
    return true;
  }
}

export function markTextAdShown(storage: Pick<Storage, 'setItem'>): void {
  try {
    storage.setItem(TEXT_AD_SHOWN_KEY, '1');
  } catch {
    // Storage disabled: the dialog may show again on the next load, nothing worse.
  }
}

export interface FloatState {
  x: number;
  y: number;
  dx: number;
  dy: number;
}

/**
 * One tick of the floating advertisement: move by the step, and bounce off an edge of the
 * viewport (the direction on that axis reverses and the position stays inside).
 */
export function nextFloatPosition(
  state: FloatState,
  box: { width: number; height: number },
  viewport: { width: number; height: number },
): FloatState {
  const maxX = Math.max(0, viewport.width - box.width);
  const maxY = Math.max(0, viewport.height - box.height);
  let { x, y, dx, dy } = state;
  x += dx * FLOATING_AD_STEP_PX;
  y += dy * FLOATING_AD_STEP_PX;
  if (x <= 0 || x >= maxX) {
    dx = x <= 0 ? 1 : -1;
    x = Math.min(Math.max(x, 0), maxX);
  }
  if (y <= 0 || y >= maxY) {
    dy = y <= 0 ? 1 : -1;
    y = Math.min(Math.max(y, 0), maxY);
  }
  return { x, y, dx, dy };
}

/** Gap between the floating advertisement's starting place and the edges of what it starts on. */
export const FLOATING_AD_START_INSET_PX = 16;

/**
 * Where the floating advertisement starts: inside the top-right corner of the slideshow,
 * where the banners carry no text (their headlines are on the left), and never outside
 * the viewport. Without the slideshow, the top-right corner of the viewport.
 */
export function floatStartPosition(
  anchor: { top: number; right: number } | null,
  box: { width: number; height: number },
  viewport: { width: number; height: number },
): FloatState {
  const maxX = Math.max(0, viewport.width - box.width);
  const maxY = Math.max(0, viewport.height - box.height);
  const x = anchor ? anchor.right - box.width - FLOATING_AD_START_INSET_PX : maxX;
  const y = anchor ? anchor.top + FLOATING_AD_START_INSET_PX : FLOATING_AD_START_INSET_PX;
  return { x: Math.min(Math.max(x, 0), maxX), y: Math.min(Math.max(y, 0), maxY), dx: 1, dy: 1 };
}
