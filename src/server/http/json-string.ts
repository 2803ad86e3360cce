/** The spec's string answers (ADR 003): sent as JSON strings so every client parses every answer as JSON. */
import type { FastifyReply } from 'fastify';

export function jsonString(reply: FastifyReply, value: string | null): string {
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(value);
}
