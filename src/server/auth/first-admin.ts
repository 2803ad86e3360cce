/** First run: the first system administrator, from ADMIN_USERNAME/PASSWORD or a one-time setup link. */
import { MESSAGES } from '#shared/messages';
import { checkPassword } from '#shared/passwords';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { AppError } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { createOperatorAdmin } from './operator';
import { isDictionaryWord } from './dictionary';
import { consumeToken, countUsers, findLiveToken, insertToken, isUsernameTaken } from './queries';

const PURPOSE = 'setup';
const SETUP_TTL_MS = 7 * 24 * 3_600_000;

export type FirstRun =
  | { kind: 'existing' }
  | { kind: 'created'; username: string }
  | { kind: 'setup-link'; token: string };

export interface AdminInput {
  username: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Called at start: does nothing once any user exists. */
export async function ensureFirstAdmin(db: Db, admin: AdminInput | null, now: Date): Promise<FirstRun> {
  if ((await countUsers(db)) > 0) return { kind: 'existing' };
  if (admin) {
    const broken = checkPassword(admin.password, admin.username, isDictionaryWord);
    if (broken) throw new Error(`ADMIN_PASSWORD is refused: ${broken}`);
    await createOperatorAdmin(db, { ...admin, email: admin.email ?? `${admin.username}@localhost` });
    return { kind: 'created', username: admin.username };
  }
  const token = newToken();
  await insertToken(db, { idHash: hashToken(token), purpose: PURPOSE, userId: null, expiresAt: new Date(now.getTime() + SETUP_TTL_MS) });
  return { kind: 'setup-link', token };
}

export async function isSetupTokenLive(db: Db, token: string, now: Date): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  return (await findLiveToken(db, hashToken(token), PURPOSE, now)) !== null;
}

export async function completeSetup(
  db: Db,
  input: { token: string; username: string; email: string; firstName: string; lastName: string; password: string; ip: string },
  now: Date,
): Promise<string> {
  if (!(await isSetupTokenLive(db, input.token, now))) throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
  const broken = checkPassword(input.password, input.username, isDictionaryWord);
  if (broken) throw new AppError('BAD_REQUEST', broken, { password: broken });
  if (await isUsernameTaken(db, input.username)) {
    throw new AppError('BAD_REQUEST', 'This username is already used.', { username: 'This username is already used.' });
  }
  if (!(await consumeToken(db, hashToken(input.token), PURPOSE, now))) throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
  const userId = await createOperatorAdmin(db, input);
  await recordAudit(db, { action: 'setup.completed', actorUserId: userId, actorUsername: input.username, ip: input.ip });
  return 'Clearlist is set up. Log in with the account you just created.';
}
