/** A refused sign-up: the spec's userCreationError and errorMessages, with the fields at fault. */
import type { FastifyReply } from 'fastify';
import type { UserCreationError, UserCreationErrorBody } from '#shared/registration';

export class UserCreationFailure extends Error {
  constructor(
    readonly code: UserCreationError,
    readonly messages: string[],
    readonly fields: Record<string, string> = {},
  ) {
    super(messages[0] ?? code);
  }
}

/** 400 for what the user can fix, 500 for CLIENT_CREATION (our side). */
export function sendCreationFailure(reply: FastifyReply, failure: UserCreationFailure) {
  const status = failure.code === 'CLIENT_CREATION' ? 500 : 400;
  const body: UserCreationErrorBody = {
    error: {
      code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST',
      message: failure.message,
      ...(Object.keys(failure.fields).length ? { fields: failure.fields } : {}),
    },
    userCreationError: failure.code,
    errorMessages: failure.messages,
  };
  return reply.code(status).send(body);
}
