import pino from 'pino';
import { ServiceNestLogger } from './nest-logger';
import { platformLoggerOptions } from './platform-logger';

function logger(level: string, service: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, nest: new ServiceNestLogger(pino(platformLoggerOptions(level, service), destination)) };
}

describe('ServiceNestLogger', () => {
  it('puts Nest’s start-up lines (modules, routes) at debug and keeps the rest at their level', () => {
    const { lines, nest } = logger('info', 'hr');
    nest.log('HrModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/api/v1/hr/employees, GET} route', 'RouterExplorer');
    nest.log('EmployeesController {/api/v1/hr/employees}:', 'RoutesResolver');
    nest.log('Nest application successfully started', 'NestApplication');
    nest.log('recovered 2 payments', 'PaymentsRecovery');
    nest.warn({ failures: 3 }, 'auth unreachable', 'InternalApi');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 'hr', context: 'PaymentsRecovery', msg: 'recovered 2 payments' }),
      expect.objectContaining({ level: 40, service: 'hr', context: 'InternalApi', failures: 3, msg: 'auth unreachable' }),
    ]);
  });

  it('writes them at debug, each under its own service', () => {
    const hr = logger('debug', 'hr');
    const books = logger('debug', 'books');
    hr.nest.log('Mapped {/api/v1/hr/employees, GET} route', 'RouterExplorer');
    books.nest.log('Mapped {/api/v1/books/accounts, GET} route', 'RouterExplorer');
    expect(hr.lines).toEqual([expect.objectContaining({ level: 20, service: 'hr', context: 'RouterExplorer' })]);
    expect(books.lines).toEqual([expect.objectContaining({ level: 20, service: 'books', context: 'RouterExplorer' })]);
  });
});
