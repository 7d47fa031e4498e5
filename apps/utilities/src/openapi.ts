import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/** Declares a success response as the envelope `{ success, message, data }` with `data` of the given schema. */
export function ApiEnvelope(status: number, model: Type, description: string, options: { page?: boolean } = {}) {
  const data = options.page
    ? {
        type: 'object',
        properties: {
          items: { type: 'array', items: { $ref: getSchemaPath(model) } },
          page: { type: 'integer', example: 1 },
          limit: { type: 'integer', example: 20 },
          total: { type: 'integer', example: 1 },
        },
      }
    : { $ref: getSchemaPath(model) };
  return applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status,
      description,
      schema: { type: 'object', required: ['success', 'message'], properties: { success: { type: 'boolean', example: true }, message: { type: 'string' }, data } },
    }),
  );
}
