/** Routes of the card form and invoices: {payment} is braintree (spec §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvoiceIdParamsSchema, InvoiceListSchema } from '#shared/account';
import { ClientTokenSchema, CustomerIdParamsSchema } from '#shared/registration';
import type { AppContext } from '../app-context';
import { attachment } from '../http/attachment';
import { ownerOf } from '../access/owner';
import { clientTokenFor } from './card';
import { invoicePdf, invoicesOf } from './invoices';

export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/services/braintree/clienttoken', { schema: { response: { 200: ClientTokenSchema } } }, async () => clientTokenFor(ctx, null));
  r.get('/services/braintree/clienttoken/:customerId', { schema: { params: CustomerIdParamsSchema, response: { 200: ClientTokenSchema } } }, async (request) =>
    clientTokenFor(ctx, ownerOf(request), request.params.customerId),
  );

  r.get('/services/account/invoices', { schema: { response: { 200: InvoiceListSchema } } }, async (request) => invoicesOf(ctx, ownerOf(request).clientId));
  r.get('/services/account/invoices/:invoiceId/pdf', { schema: { params: InvoiceIdParamsSchema } }, async (request, reply) => {
    const { fileName, pdf } = await invoicePdf(ctx, ownerOf(request).clientId, request.params.invoiceId);
    return reply.type('application/pdf').header('content-disposition', attachment(fileName)).send(pdf);
  });
}
