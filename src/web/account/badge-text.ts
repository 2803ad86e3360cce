/** Text colours that keep light badges at AA contrast (Mantine's shade 9 is not dark enough on its light background). */
const TEXT_ON_LIGHT: Record<string, string> = {
  green: '#1e6b2f',
  orange: '#8f3a06',
  red: '#a61e1e',
  gray: 'var(--mantine-color-dark-7)',
};

/** Badge `styles` giving the label a readable colour for the badge's colour. */
export const readableBadge = (color: string) => ({ label: { color: TEXT_ON_LIGHT[color] ?? 'var(--mantine-color-dark-7)' } });
