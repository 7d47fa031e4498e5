import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';

/**
 * The answers of a route serving stored bytes (a file's, or a document's): 200 with all of them,
 * 206 with one range, 304 when If-None-Match names the ETag; each body of one of `contentTypes`.
 */
export function ApiFileBytes(description: string, contentTypes: string[] = ['*/*']) {
  const content = Object.fromEntries(contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return applyDecorators(
    ApiProduces(...contentTypes),
    ApiResponse({ status: 200, description, content }),
    ApiResponse({ status: 206, description: 'One range of the bytes, with Content-Range.', content }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match named the ETag. No body.' }),
  );
}
