/** Helpers for batch tests: multipart bodies, signed-in agents, upload → map → drain. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { JOBS } from '#server/jobs/registry';
import { startJobQueue, type JobQueue } from '#server/jobs/queue';
import { Agent, type TestApp } from './app';

export interface FilePart {
  name?: string;
  fileName: string;
  content: string | Buffer;
}

/** A multipart/form-data body built by hand: fields first, then files. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----clearlist${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.fileName}"\r\nContent-Type: text/csv\r\n\r\n`));
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function signedIn(t: TestApp, user: { username: string; password: string }): Promise<Agent> {
  const agent = new Agent(t.app);
  expect(await agent.login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
  return agent;
}

/** Uploads one CSV file as the wizard does. */
export function upload(agent: Agent, content: string | Buffer, fileName = 'staff.csv'): Promise<LightMyRequestResponse> {
  const body = multipart({ typeName: 'Flex' }, [{ fileName, content }]);
  return agent.request({ method: 'POST', url: '/services/fileupload', ...body });
}

/** Starts the app's job queue without background workers; tests drain it. */
export async function startQueue(t: TestApp): Promise<JobQueue> {
  const queue = await startJobQueue(t.ctx, JOBS, { work: false, schedule: false });
  t.ctx.jobs = queue;
  return queue;
}

export const NAME_MAPPING = { 'First Name': 'First Name', 'Last Name': 'Last Name' };

/** Uploads, maps to an individual name search and submits; answers the batch id. */
export async function submitBatch(agent: Agent, csv: string, input: Record<string, unknown> = {}): Promise<number> {
  const up = await upload(agent, csv);
  expect(up.statusCode, up.body).toBe(200);
  const batchId = up.json().batchId as number;
  const res = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, {
    columnMappings: NAME_MAPPING,
    searchTypes: ['Exclusion Search by Individual Name'],
    correlatedColumnIndexes: [],
    uniqueIdIndex: null,
    ...input,
  });
  expect(res.statusCode, res.body).toBe(200);
  return batchId;
}
