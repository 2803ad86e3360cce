/**
 * The toasts' container, placed where it covers neither the top bar, banners, steppers, an
 * open dialog's buttons nor what a page keeps clear (toast-placement.ts). The place is chosen again while toasts show,
 * whenever the page changes under them.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { Notifications, useNotifications } from '@mantine/notifications';
import { chooseToastPosition, EDGE, KEEP_CLEAR_SELECTOR, topUnder, type Box, type ToastPosition } from './toast-placement';
import { TOAST_LIMIT } from './toasts';

const WIDTH = 360;

interface Placement {
  position: ToastPosition;
  /** Where top positions start (under the top bar). */
  top: number;
}
/** A toast's height before it is measured (one or two lines and its Close button). */
const ESTIMATED_HEIGHT = 76;

function measure(count: number): Placement {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const width = Math.min(WIDTH, viewport.width - 32);
  const shown = document.querySelectorAll('.mantine-Notification-root');
  const measured = [...shown].reduce((sum, el) => sum + el.getBoundingClientRect().height + 10, 0);
  const height = Math.max(measured, Math.min(count, TOAST_LIMIT) * ESTIMATED_HEIGHT);
  const keepClear: Box[] = [...document.querySelectorAll(KEEP_CLEAR_SELECTOR)]
    .filter((el) => !el.closest('.mantine-Notifications-root'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const top = topUnder(document.querySelector('header')?.getBoundingClientRect().bottom);
  return { position: chooseToastPosition(viewport, { width, height }, keepClear, top), top };
}

/**
 * The container stays Mantine's one 'top-right' group and is moved with its style: changing
 * Mantine's position would re-mount the toasts in another group (they showed twice meanwhile).
 */
function placementStyle({ position, top }: Placement): CSSProperties {
  const vertical: CSSProperties = position.startsWith('top') ? { top, bottom: 'auto' } : { top: 'auto', bottom: EDGE };
  if (position.endsWith('right')) return { ...vertical, right: EDGE, left: 'auto', transform: 'none' };
  if (position.endsWith('left')) return { ...vertical, left: EDGE, right: 'auto', transform: 'none' };
  return { ...vertical, left: '50%', right: 'auto', transform: 'translateX(-50%)' };
}

export function ToastHost() {
  const count = useNotifications().notifications.length;
  const [placement, setPlacement] = useState<Placement>({ position: 'top-right', top: EDGE });

  useEffect(() => {
    if (count === 0) return;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPlacement(measure(count)));
    };
    place();
    // Dialogs open and steps change while a toast shows: follow them, but only then.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [count]);

  return <Notifications position="top-right" limit={TOAST_LIMIT} containerWidth={WIDTH} styles={{ root: placementStyle(placement) }} />;
}
