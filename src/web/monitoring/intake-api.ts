/** Calls of roster intake (ADR 053): a roster from a file, new versions, e-mail digest choices. */
import { z } from 'zod';
import type { ColumnMappingInput } from '#shared/batches';
import { RosterSchema } from '#shared/monitoring';
import { DigestChoiceSchema, RosterVersionSchema, UserDigestChoiceSchema, UserDigestChoicesSchema, type DigestFrequency } from '#shared/roster-intake';
import { api } from '../app/api';

const BASE = '/services/monitoring/rosters';

export const intakeKeys = {
  versions: (rosterId: number) => ['monitoring', 'versions', rosterId] as const,
  version: (rosterId: number, versionId: number) => ['monitoring', 'version', rosterId, versionId] as const,
  digest: (rosterId: number | null) => ['monitoring', 'digest', rosterId] as const,
};

export const createRosterFromUpload = (uploadId: number, name: string, mapping: ColumnMappingInput) =>
  api(`${BASE}/upload`, { method: 'POST', body: { uploadId, name, mapping }, schema: RosterSchema });
export const compareVersion = (rosterId: number, uploadId: number, mapping: ColumnMappingInput) =>
  api(`${BASE}/${rosterId}/versions`, { method: 'POST', body: { uploadId, mapping }, schema: RosterVersionSchema });
export const fetchVersion = (rosterId: number, versionId: number) => api(`${BASE}/${rosterId}/versions/${versionId}`, { schema: RosterVersionSchema });
export const fetchVersions = (rosterId: number) => api(`${BASE}/${rosterId}/versions`, { schema: z.object({ versions: z.array(RosterVersionSchema) }) });
export const decideVersion = (rosterId: number, versionId: number, decision: 'apply' | 'discard') =>
  api(`${BASE}/${rosterId}/versions/${versionId}/${decision}`, { method: 'POST', schema: RosterVersionSchema });

const digestPath = (rosterId: number | null) => (rosterId === null ? '/services/monitoring/digest' : `${BASE}/${rosterId}/digest`);
export const fetchDigest = (rosterId: number | null) => api(digestPath(rosterId), { schema: DigestChoiceSchema });
export const saveDigest = (rosterId: number | null, frequency: DigestFrequency | null) => api(digestPath(rosterId), { method: 'PUT', body: { frequency }, schema: DigestChoiceSchema });

/** Account owners and domain admins: each user's alert e-mails. */
export const digestUsersKey = ['monitoring', 'digest', 'users'] as const;
export const fetchDigestUsers = () => api('/services/monitoring/digest/users', { schema: UserDigestChoicesSchema });
export const saveUserDigest = (userId: number, frequency: DigestFrequency) =>
  api(`/services/monitoring/digest/users/${userId}`, { method: 'PUT', body: { frequency }, schema: UserDigestChoiceSchema });
