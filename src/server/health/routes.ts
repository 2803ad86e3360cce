/**
 * Liveness (`/services/health`: the process answers) and readiness (`/services/ready`: it can
 * do its work: the database answers, the match index is built, the job queue runs). A load
 * balancer sends traffic only to a ready process; an orchestrator restarts one that is not live.
 * `lists` says which lists are loaded, being fetched or failed; it never makes the process unready.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { listsReadiness, type ListsReadiness } from '../lists/public';

type Check = 'ok' | 'failing';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/services/health', async () => ({ status: 'ok' }));

  app.get('/services/ready', async (_request, reply) => {
    const checks: Record<'database' | 'index' | 'queue', Check> = {
      database: (await databaseAnswers(ctx)) ? 'ok' : 'failing',
      index: ctx.screening ? 'ok' : 'failing',
      queue: ctx.jobs?.isRunning() ? 'ok' : 'failing',
    };
    const ready = Object.values(checks).every((check) => check === 'ok');
    const lists = checks.database === 'ok' ? await listsOf(ctx) : null;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, lists });
  });
}

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  try {
    await ctx.database.sql('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

// Informative only: a failure to read them answers null, never an unready process.
async function listsOf(ctx: AppContext): Promise<ListsReadiness | null> {
  try {
    return await listsReadiness(ctx.db);
  } catch {
    return null;
  }
}
