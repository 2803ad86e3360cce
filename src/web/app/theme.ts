/** Clearlist's Mantine theme: one primary colour plus error, success and info, all AA on white. */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { ACCESSIBLE_COLORS, accessiblePalette } from './accessible-colors';

const brand: MantineColorsTuple = [
  '#e8f2f9',
  '#d0e3f0',
  '#a3c6e2',
  '#72a8d3',
  '#4a8ec6',
  '#3280be',
  '#2477b8',
  '#1a64a0',
  '#155789',
  '#0f4a75',
];

/** Colour names for feedback, so pages say what they mean rather than which hue. */
export const FEEDBACK_COLORS = {
  primary: 'brand',
  error: 'red',
  success: 'green',
  info: 'brand',
} as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  // Every palette's text shades pass WCAG AA (accessible-colors.ts).
  colors: { ...ACCESSIBLE_COLORS, brand: accessiblePalette(brand) },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // A table wider than the screen scrolls sideways: keyboard users reach it with Tab (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/** Mantine's default dimmed grey fails WCAG AA contrast on white; use a darker one. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
  },
  dark: {},
});

/** Statuses the spec shows in red; every other status is dark grey. */
export const RED_STATUSES: readonly string[] = [
  'Invalid',
  'Inactive',
  'Found on Opt Out List',
  'Exclusion Found',
  'Error',
  'Found on SSDMF',
];

/** CSS colour for a status text. */
export function statusTextColor(status: string): string {
  return RED_STATUSES.includes(status) ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-dark-6)';
}
