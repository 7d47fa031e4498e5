import 'reflect-metadata';
import { compileAcceptor } from '@platform/pipeline/library-internals/validation-fast-path';
import { UpdatePreferenceDto } from './update-preference.dto';

describe('UpdatePreferenceDto', () => {
  it('keeps the validation fast path (the PATCH of a preference is the busiest write), which leaves null flags to the pipe', () => {
    const accept = compileAcceptor(UpdatePreferenceDto)!;
    expect(accept).toBeDefined();
    expect(accept({ category: 'approval', sms: true })).toBe(true);
    expect(accept({ category: 'approval' })).toBe(true);
    expect(accept({ category: 'approval', sms: null })).toBe(false);
  });
});
