/** Jobs of sign-in: the password reset mail, sent off the request so the request's timing tells nothing. */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { mailResetLinks } from './reset-mail';

export const passwordResetMailJob = defineJob({
  name: 'auth.password-reset-mail',
  payloadSchema: z.object({ usernameOrEmail: z.string().max(254), ip: z.string().max(100) }),
  retryLimit: 2,
  handler: (ctx, payload) => mailResetLinks(ctx, payload),
});
