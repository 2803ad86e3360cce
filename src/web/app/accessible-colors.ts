/**
 * Mantine's palettes with shades 7–9 darkened until text in them passes WCAG AA (4.5:1) on white,
 * on the striped-row grey and, for shade 9 (the light variant's text), on the light variant's own
 * backgrounds (shades 1 and 2). Filled buttons and badges (shade 7, white text), light badges
 * and alerts (shade 9 on shade 1), and text coloured "orange.9" or "red.8" all pass (ADR 129).
 */
import { darken, DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';

/** AA for normal text is 4.5; a little above it, so rounding in a browser never falls below. */
export const TARGET_CONTRAST = 4.6;
const STRIPE_GREY = DEFAULT_THEME.colors.gray[0];

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function toHex(color: string): string {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!match) return color;
  return `#${match.slice(1, 4).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour darkened in small steps until it reaches the target against every background. */
function darkenUntilReadable(color: string, backgrounds: string[]): string {
  let result = color;
  for (let step = 0; step < 40 && backgrounds.some((bg) => contrast(result, bg) < TARGET_CONTRAST); step += 1) result = toHex(darken(result, 0.04));
  return result;
}

export function accessiblePalette(palette: readonly string[]): MantineColorsTuple {
  const shades = [...palette];
  for (const shade of [7, 8, 9]) {
    const backgrounds = shade === 9 ? ['#ffffff', STRIPE_GREY, shades[1]!, shades[2]!] : ['#ffffff', STRIPE_GREY];
    shades[shade] = darkenUntilReadable(shades[shade]!, backgrounds);
    // Each shade a step darker than the one before it, so a filled hover (shade 8) still shows.
    const previous = shades[shade - 1]!;
    if (shade > 7 && luminance(shades[shade]!) > luminance(previous) * 0.85) shades[shade] = toHex(darken(previous, 0.1));
  }
  return shades as unknown as MantineColorsTuple;
}

/** Every default Mantine colour but dark (light text on dark shades), made readable; gray's already are. */
export const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, palette]) => [name, accessiblePalette(palette)]),
);
