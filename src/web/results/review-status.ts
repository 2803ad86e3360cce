/** Review statuses as reviewers see them (spec §4): the contract's labels and tones, as Mantine colours. */
import { REVIEW_STATUS_LABELS, REVIEW_STATUS_TONES, type ReviewStatus, type ReviewTone } from '#shared/review-status';

/** Mantine colour of each of the contract's tones. */
const REVIEW_TONE_COLORS: Record<ReviewTone, string> = { warning: 'orange', alert: 'red', success: 'green' };

export function reviewStatusLabel(status: string): string {
  return REVIEW_STATUS_LABELS[status as ReviewStatus] ?? status;
}

/**
 * Colour of each status: to review amber, under review blue (work in hand), confirmed match
 * red, cleared green. The tones are the contract's; Under Review gets its own hue so the two
 * open statuses can be told apart in a list.
 */
export function reviewStatusColor(status: string): string {
  if (status === 'UNDER_REVIEW') return 'brand';
  return REVIEW_TONE_COLORS[REVIEW_STATUS_TONES[status as ReviewStatus]] ?? 'gray';
}

export const toneColor = (tone: ReviewTone): string => REVIEW_TONE_COLORS[tone];

/** Text colours on a colour's light background (and on white) with at least AA contrast; Mantine's darkest orange and green fall short. */
const TEXT_ON_LIGHT: Record<string, string> = {
  orange: '#8f3a06',
  yellow: '#7a5c00',
  red: '#a61e1e',
  green: '#1e6b2f',
  brand: 'var(--mantine-color-brand-9)',
  gray: 'var(--mantine-color-dark-7)',
};

export const textOnLight = (color: string): string => TEXT_ON_LIGHT[color] ?? 'var(--mantine-color-dark-7)';
