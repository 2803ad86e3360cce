/** Calls of the monitoring pages and the home page, through the app's one api helper. */
import { HomeSummarySchema } from '#shared/home';
import { ListStatusesSchema } from '#shared/lists';
import { RosterDetailSchema, RosterListSchema, RosterSchema } from '#shared/monitoring';
import { api } from '../app/api';

export const monitoringKeys = {
  all: ['monitoring'] as const,
  rosters: ['monitoring', 'rosters'] as const,
  roster: (rosterId: number) => ['monitoring', 'roster', rosterId] as const,
  home: ['monitoring', 'home'] as const,
  lists: ['monitoring', 'lists'] as const,
};

export const fetchRosters = () => api('/services/monitoring/rosters', { schema: RosterListSchema });
export const fetchRoster = (rosterId: number) => api(`/services/monitoring/rosters/${rosterId}`, { schema: RosterDetailSchema });
export const createRoster = (batchId: number, name: string) => api('/services/monitoring/rosters', { method: 'POST', body: { batchId, name }, schema: RosterSchema });
export const setRescreenDay = (rosterId: number, rescreenDay: number) => api(`/services/monitoring/rosters/${rosterId}/schedule`, { method: 'PUT', body: { rescreenDay }, schema: RosterSchema });
export const certificateUrl = (rosterId: number, certificateId: number) => `/services/monitoring/rosters/${rosterId}/certificates/${certificateId}/pdf`;
export const fetchHomeSummary = () => api('/services/home/summary', { schema: HomeSummarySchema });
export const fetchListStatuses = () => api('/services/lists', { schema: ListStatusesSchema });

/** A UTC instant as "YYYY-MM-DD HH:mm UTC". */
export const formatUtc = (iso: string | null): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—');
export const formatDay = (iso: string | null): string => (iso ? iso.slice(0, 10) : '—');
/** 'YYYY-MM' as "November 2026". */
export const formatMonth = (period: string): string => new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
