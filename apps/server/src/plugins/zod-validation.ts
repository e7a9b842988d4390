import type { FastifyInstance, FastifyPluginAsync, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import { safeParse, type $ZodType, type infer as Infer, type input as Input } from 'zod/v4/core';

/**
 * Route schemas are the shared zod schemas (packages/contracts): the same definition
 * validates the browser form and the request here, and types the handler's input.
 */
const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/**
 * Types `request.body`, `request.query` and `request.params` from a route's zod schemas, so a
 * handler reads its input without a cast. Written here rather than taken from
 * fastify-type-provider-zod: that package's value is OpenAPI generation, and it requires
 * @fastify/swagger; the type itself is these lines.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? Infer<this['schema']> : unknown;
  serializer: this['schema'] extends $ZodType ? Input<this['schema']> : unknown;
}

/** A route plugin whose handlers are typed by their zod schemas. */
export type ZodRoutes<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  FastifyInstance['server'],
  ZodTypeProvider
>;

export default fp(
  async function zodValidation(app: FastifyInstance) {
    app.setValidatorCompiler(validatorCompiler);
  },
  { name: 'zod-validation' },
);
