/**
 * The bulk screening answer as JSON text, the same bytes as the zod serializer of every other
 * route gives (ADR 047), without encoding and writing the same `lists` a thousand times: the
 * subjects of one request share one or two `lists` arrays (name searches, NPI searches), so
 * each distinct array is encoded once and its text put back in place of a placeholder.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ListSearchedSchema } from '#shared/interactive-search';
import { BulkScreenResultSchema, type BulkScreenResult } from '#shared/public-api-bulk';

const ListsSchema = z.array(ListSearchedSchema);
/** What a screened result's `lists` become before the text is put back (an empty array). */
const PLACEHOLDER = '"lists":[]';

/**
 * The answer's text, or null when the placeholders cannot be put back one for one (then the
 * caller encodes the whole answer the ordinary way).
 */
export function bulkAnswerText(answer: BulkScreenResult): string | null {
  const textOf = new Map<unknown, string>();
  const lists: string[] = [];
  const light = {
    ...answer,
    results: answer.results.map((r) => {
      if (r.status !== 'screened') return r;
      let text = textOf.get(r.result.lists);
      if (text === undefined) textOf.set(r.result.lists, (text = JSON.stringify(z.encode(ListsSchema, r.result.lists))));
      lists.push(text);
      return { ...r, result: { ...r.result, lists: [] } };
    }),
  };
  const parts = JSON.stringify(z.encode(BulkScreenResultSchema, light)).split(PLACEHOLDER);
  // Only a result's own `lists` key can hold the placeholder (a quote inside a string is
  // escaped); a count that differs means the answer is not shaped as expected.
  if (parts.length !== lists.length + 1) return null;
  let out = parts[0];
  for (let i = 0; i < lists.length; i++) out += `"lists":${lists[i]}${parts[i + 1]}`;
  return out;
}

/** The route's serializer: the text above, else the zod serializer's own. */
export const bulkAnswerSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const ordinary = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data: unknown) => {
    try {
      return bulkAnswerText(data as BulkScreenResult) ?? ordinary(data);
    } catch {
      // Whatever fails here fails the same way (or not) in the ordinary serializer.
      return ordinary(data);
    }
  };
};
