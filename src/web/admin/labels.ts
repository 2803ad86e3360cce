/** Words the settings pages show for roles, audit actions and account states. */
import type { AuditValue } from '#shared/admin';
import type { Role } from '#shared/roles';
import type { AccountState } from '#shared/teams';

export const ROLE_LABELS: Record<Role, string> = {
  system_admin_user: 'System administrator',
  domain_admin_user: 'Domain administrator',
  name_search_user: 'Name search',
  npi_search_user: 'NPI search',
  advanced_search: 'Advance search',
  paying_user: 'Paying user (search history)',
  account_owner_user: 'Account owner',
  api_user: 'API user',
};

export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

const ACTION_LABELS: Record<string, string> = {
  'admin.user.roles': 'Roles changed',
  'admin.user.team': 'Moved to another team',
  'admin.user.active': 'Active state changed',
  'admin.team.create': 'Team created',
  'admin.team.name': 'Team renamed',
  'admin.team.owner': 'Team owner changed',
  'admin.client.ip_allowlist': 'IP allowlist changed',
  'admin.client.help_page': 'Help page changed',
  'admin.client.state': 'State changed',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** One audit value as text; role lists use the role labels. */
export function formatAuditValue(value: AuditValue, action = ''): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return action === 'admin.user.active' ? (value ? 'Active' : 'Inactive') : value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return action === 'admin.client.ip_allowlist' ? 'Anywhere' : 'None';
    return value.map((v) => (action === 'admin.user.roles' ? roleLabel(v) : v)).join(', ');
  }
  return String(value);
}

export const STATE_LABELS: Record<AccountState, string> = {
  trial: 'Trial',
  paid: 'Paid',
  disabling: 'Cancelled (disabling)',
  disabled: 'Disabled',
};

export const STATE_COLORS: Record<AccountState, string> = {
  trial: 'brand',
  paid: 'green',
  disabling: 'yellow',
  disabled: 'red',
};

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}
