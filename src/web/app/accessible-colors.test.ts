import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_COLORS, contrast } from './accessible-colors';
import { theme } from './theme';

describe('the theme’s colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // Mantine's own orange 9 on white, which axe flagged on the home page.
    expect(contrast('#d9480f', '#ffffff')).toBeCloseTo(4.3, 2);
  });

  it('gives every palette text shades that pass AA on white, on striped rows and (shade 9) on its light backgrounds', () => {
    const palettes = { ...ACCESSIBLE_COLORS, brand: theme.colors!.brand! };
    for (const [name, shades] of Object.entries(palettes)) {
      for (const shade of [7, 8, 9]) {
        expect(contrast(shades[shade]!, '#ffffff'), `${name}.${shade} on white`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(shades[shade]!, DEFAULT_THEME.colors.gray[0]), `${name}.${shade} on grey`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(shades[9]!, shades[1]!), `${name}.9 on ${name}.1`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9]!, shades[2]!), `${name}.9 on ${name}.2`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the light shades and darkens each text shade a step past the one before it', () => {
    for (const [name, shades] of Object.entries(ACCESSIBLE_COLORS)) {
      expect(shades.slice(0, 7), name).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 7));
      expect(contrast(shades[8]!, '#ffffff')).toBeGreaterThan(contrast(shades[7]!, '#ffffff'));
    }
    expect(theme.colors!.orange).toBe(ACCESSIBLE_COLORS.orange);
  });
});
