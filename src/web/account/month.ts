/** 'YYYY-MM' → 'October 2026'. */
import { formatLongDate } from '#shared/account';

export const monthOf = (period: string) => formatLongDate(`${period}-01`).replace(/ 1,/, '');
