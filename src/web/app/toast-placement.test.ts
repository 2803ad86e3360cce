import { describe, expect, it } from 'vitest';
import { chooseToastPosition, stackBox, topUnder, type Box } from './toast-placement';

const viewport = { width: 1280, height: 800 };
const stack = { width: 360, height: 220 };
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const header = box(0, 0, 1280, 64);

describe('where toasts go', () => {
  it('top right when nothing is there', () => {
    expect(chooseToastPosition(viewport, stack, [])).toBe('top-right');
  });

  it('leaves the top bar and a stepper visible: bottom right on a page', () => {
    const stepper = box(200, 150, 1080, 200);
    expect(chooseToastPosition(viewport, stack, [header, stepper])).toBe('bottom-right');
  });

  it("leaves an upgrade dialog's stepper and its Back / Continue buttons visible", () => {
    // An xl dialog centred on a laptop: stepper at its top, buttons at its bottom corners.
    const stepper = box(250, 90, 1030, 140);
    const back = box(270, 700, 340, 736);
    const next = box(930, 700, 1010, 736);
    const position = chooseToastPosition(viewport, stack, [header, stepper, back, next]);
    const placed = stackBox(position, viewport, stack.width, stack.height);
    for (const kept of [header, stepper, back, next]) {
      const touches = placed.left < kept.right && kept.left < placed.right && placed.top < kept.bottom && kept.top < placed.bottom;
      expect(touches, `${position} covers ${JSON.stringify(kept)}`).toBe(false);
    }
  });

  it('top right just under the top bar on a page, clear of what the page keeps clear (issue 55)', () => {
    const one = { width: 360, height: 76 };
    const top = topUnder(header.bottom);
    expect(chooseToastPosition(viewport, one, [header], top)).toBe('top-right');
    expect(stackBox('top-right', viewport, one.width, one.height, top).top).toBe(72);
    // Account Details' month to date, marked data-toast-keep-clear, where that toast would go.
    const monthToDate = box(660, 100, 1220, 130);
    const position = chooseToastPosition(viewport, one, [header, monthToDate], top);
    expect(position).not.toBe('top-right');
    const placed = stackBox(position, viewport, one.width, one.height, top);
    expect(placed.bottom <= monthToDate.top || placed.top >= monthToDate.bottom || placed.right <= monthToDate.left).toBe(true);
    // The top bar scrolled away: the edge.
    expect(topUnder(-40)).toBe(16);
  });

  it('covers the least when every place covers something', () => {
    const phone = { width: 390, height: 800 };
    const everywhere = [box(0, 0, 390, 120), box(0, 700, 390, 800), box(0, 300, 390, 320)];
    expect(chooseToastPosition(phone, { width: 358, height: 180 }, everywhere)).toBe('bottom-right');
  });
});
