import 'reflect-metadata';
import { DECORATORS } from '@nestjs/swagger';
import { ApiErrors, declaredErrorCodes } from './api-responses';

describe('ApiErrors', () => {
  it('adds up over several decorators: one response per status listing each code once', () => {
    class Controller {
      @ApiErrors('JOURNAL_ENTRY_NOT_FOUND')
      @ApiErrors('ACCOUNT_NOT_FOUND', 'JOURNAL_ENTRY_NOT_FOUND')
      handler() {}
    }
    const handler = Controller.prototype.handler;
    expect([...declaredErrorCodes(handler)]).toEqual([[404, ['ACCOUNT_NOT_FOUND', 'JOURNAL_ENTRY_NOT_FOUND']]]);
    const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Record<string, { description: string }>;
    expect(Object.keys(responses)).toEqual(['404']);
    const description = responses['404'].description;
    expect(description.match(/`ACCOUNT_NOT_FOUND`/g)).toHaveLength(1);
    expect(description.match(/`JOURNAL_ENTRY_NOT_FOUND`/g)).toHaveLength(1);
  });
});
