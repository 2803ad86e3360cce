/**
 * Version of the scoring algorithm. Every result stores the version that scored it, so an auditor can
 * tell which rules made a score; bump it whenever a change can move any score (ADR 027).
 */
export const ALGORITHM_VERSION = 'fuzzy-2026.12-e';
