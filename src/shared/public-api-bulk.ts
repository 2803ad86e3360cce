/**
 * POST /api/v1/screenings (ADR 039): up to 1,000 people, businesses and NPIs screened in one
 * request, answered in input order; each subject is one search of the interactive search.
 */
import { z } from 'zod';
import { birthDateSchema } from './birth-date';
import { checkPersonNameForms, FULL_NAME_TEXTS, fullNameField } from './full-name';
import { InteractiveResultSchema, MATCHING_ALGORITHMS } from './interactive-search';

export const MAX_BULK_SUBJECTS = 1000;

const text = (max: number) => z.string().trim().min(1).max(max);
const dateOfBirth = birthDateSchema;
const state = z.string().trim().regex(/^[A-Za-z]{2}$/, 'Use the two-letter state code.');
const algorithm = z.enum(MATCHING_ALGORITHMS).optional().describe('Exact (default) or Fuzzy.');
const licenseNumber = text(40).describe('A licence number: compared with those the state lists carry (ADR 120).');
const licenseState = state.describe('The state that issued the licence number.');
const providerType = text(80).describe('What kind of provider ("RN", "Pharmacist", a taxonomy code): compared by kind with the list record (ADR 121).');

export const BulkSubjectSchema = z.discriminatedUnion('type', [
  // firstName and lastName, or the whole name in one field (`name`, issue 52).
  z
    .strictObject({ type: z.literal('person'), firstName: text(100).optional(), lastName: text(100).optional(), name: fullNameField, dateOfBirth: dateOfBirth.optional(), state: state.optional(), licenseNumber: licenseNumber.optional(), licenseState: licenseState.optional(), providerType: providerType.optional(), matchingAlgorithm: algorithm })
    .superRefine((s, ctx) => checkPersonNameForms(s, ctx, FULL_NAME_TEXTS.none)),
  z.strictObject({ type: z.literal('business'), companyName: text(200), state: state.optional(), licenseNumber: licenseNumber.optional(), licenseState: licenseState.optional(), providerType: providerType.optional(), matchingAlgorithm: algorithm }),
  z.strictObject({ type: z.literal('npi'), npi: text(20).describe('The 10-digit NPI.'), name: text(200).optional().describe('The provider’s name as you have it: checked against NPPES.') }),
]);
export type BulkSubject = z.infer<typeof BulkSubjectSchema>;

export const BulkScreenInputSchema = z.strictObject({
  subjects: z.array(BulkSubjectSchema).min(1).max(MAX_BULK_SUBJECTS),
});
export type BulkScreenInput = z.infer<typeof BulkScreenInputSchema>;

export const BulkSubjectResultSchema = z.discriminatedUnion('status', [
  z.object({ index: z.number(), status: z.literal('screened'), result: InteractiveResultSchema }),
  z.object({
    index: z.number(),
    status: z.literal('refused'),
    /** Why this subject was not searched (not billed): the error a single search would have answered. */
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type BulkSubjectResult = z.infer<typeof BulkSubjectResultSchema>;

export const BulkScreenResultSchema = z.object({
  /** Subjects searched and billed, one search each. */
  screened: z.number(),
  refused: z.number(),
  /** One entry per subject, in the order sent; `index` counts from 0. */
  results: z.array(BulkSubjectResultSchema),
});
export type BulkScreenResult = z.infer<typeof BulkScreenResultSchema>;
