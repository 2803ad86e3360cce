/**
 * Where toasts go so that they never cover what the user must reach (issue 19 item 7): the top
 * bar and banners, steppers, the buttons of an open dialog, and what a page marks
 * `data-toast-keep-clear` (Account Details' month to date). The corners and edges are tried in
 * turn, the top ones just under the top bar (issue 55); the first whose toast would touch none
 * of those wins, else the one that covers least.
 */
export type ToastPosition = 'top-right' | 'bottom-right' | 'bottom-left' | 'top-left' | 'bottom-center' | 'top-center';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const ORDER: ToastPosition[] = ['top-right', 'bottom-right', 'bottom-left', 'top-left', 'bottom-center', 'top-center'];
/** Mantine's container offset from the viewport's edge. */
export const EDGE = 16;

/** Where top positions start: just under the top bar while it shows, else at the edge. */
export function topUnder(headerBottom: number | undefined): number {
  return Math.max(EDGE, (headerBottom ?? 0) + 8);
}

/** Elements toasts must leave visible. */
export const KEEP_CLEAR_SELECTOR = [
  'header',
  '[role="banner"]',
  '.mantine-Stepper-steps',
  '[role="dialog"] button:not([role="radio"]):not([role="checkbox"])',
  '.mantine-Alert-root',
  '[data-toast-keep-clear]',
].join(', ');

/** The box a stack of `width` × `height` takes at a position in a viewport; top positions start at `top` (under the top bar). */
export function stackBox(position: ToastPosition, viewport: { width: number; height: number }, width: number, height: number, top0 = EDGE): Box {
  const left = position.endsWith('left') ? EDGE : position.endsWith('right') ? viewport.width - EDGE - width : (viewport.width - width) / 2;
  const top = position.startsWith('top') ? top0 : viewport.height - EDGE - height;
  return { left, top, right: left + width, bottom: top + height };
}

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The first position whose stack covers none of `keepClear`; else the one covering least. */
export function chooseToastPosition(viewport: { width: number; height: number }, stack: { width: number; height: number }, keepClear: readonly Box[], top = EDGE): ToastPosition {
  let best: { position: ToastPosition; covered: number } | null = null;
  for (const position of ORDER) {
    const box = stackBox(position, viewport, stack.width, stack.height, top);
    const covered = keepClear.reduce((sum, k) => sum + overlap(box, k), 0);
    if (covered === 0) return position;
    if (!best || covered < best.covered) best = { position, covered };
  }
  return best!.position;
}
