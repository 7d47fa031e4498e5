import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiDocument } from './openapi';

describe('OpenApiDocument', () => {
  const doc = (title: string): OpenAPIObject => ({ openapi: '3.0.0', info: { title, version: '1.0' }, paths: {} });

  it('is empty until the app gives it a source', () => {
    expect(new OpenApiDocument().document).toBeNull();
  });

  it('builds the document on first use only, then serves the same one', () => {
    const holder = new OpenApiDocument();
    const build = jest.fn(() => doc('hr'));
    holder.source(build);
    expect(build).not.toHaveBeenCalled();
    const first = holder.document;
    expect(first?.info.title).toBe('hr');
    expect(holder.document).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds afresh from a new source', () => {
    const holder = new OpenApiDocument();
    holder.source(() => doc('first'));
    expect(holder.document?.info.title).toBe('first');
    holder.source(() => doc('second'));
    expect(holder.document?.info.title).toBe('second');
  });
});
