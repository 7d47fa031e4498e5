import { AllowedMethods, allowedMethodsOf, findAllowedMethods } from './allowed-methods';

describe('AllowedMethods', () => {
  const table = new AllowedMethods();
  table.add('GET', '/api/v1/hr/employees/:id');
  table.add('HEAD', '/api/v1/hr/employees/:id');
  table.add('PATCH', '/api/v1/hr/employees/:id');
  table.add(['GET', 'POST'], '/api/v1/hr/employees');
  table.add('POST', '/api/v1/hr/leave-requests/:id/approve');
  table.add('GET', '/internal/*');

  it('gives the methods of every route matching the path, sorted', () => {
    expect(table.methodsFor('/api/v1/hr/employees/3f1c')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(table.methodsFor('/api/v1/hr/employees/3f1c/?x=1')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(table.methodsFor('/api/v1/hr/employees')).toEqual(['GET', 'POST']);
    expect(table.methodsFor('/api/v1/hr/leave-requests/1/approve')).toEqual(['POST']);
    expect(table.methodsFor('/internal/v1/anything/at/all')).toEqual(['GET']);
  });

  it('gives none for a path no route has', () => {
    expect(table.methodsFor('/api/v1/hr/employees/1/2')).toEqual([]);
    expect(table.methodsFor('/api/v1/hr/leave-requests/1/approve.x')).toEqual([]);
    expect(table.methodsFor('/api/v1/hr')).toEqual([]);
  });

  it('finds an instance’s table from the instances derived from it', () => {
    const root = {};
    const own = allowedMethodsOf(root);
    expect(findAllowedMethods(Object.create(Object.create(root)))).toBe(own);
    expect(findAllowedMethods({})).toBeUndefined();
  });
});
