import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';

/**
 * Route schemas are the shared zod schemas (packages/contracts): the same definition
 * validates the browser form and the request here.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };

export default fp(
  async function zodValidation(app: FastifyInstance) {
    app.setValidatorCompiler(validatorCompiler);
  },
  { name: 'zod-validation' },
);
