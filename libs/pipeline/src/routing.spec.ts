import { serviceForPath } from './routing';

describe('serviceForPath', () => {
  it.each([
    ['/api/v1/hr', 'hr'],
    ['/api/v1/hr/employees?limit=1', 'hr'],
    ['/api/v1/hrx', 'auth'],
    ['/api/v1/app/notifications/preferences', 'utilities'],
    ['/api/v1/application', 'auth'],
    ['/api/v1/payroll/runs', 'payroll'],
    ['/api/v1/pay/wallets', 'pay'],
    ['/api/v1/pay?x=1', 'pay'],
    ['/api/v1/payments', 'auth'],
    ['/api/v1/books/accounts', 'books'],
    ['/api/v1', 'auth'],
    ['/api/v1/authorize/token', 'auth'],
    ['/healthz/ready', 'auth'],
    ['/internal/v1/hr/payroll-inputs?companyId=x', 'hr'],
    ['/internal/v1/revocations', 'auth'],
    ['/internal/v1/books/journal-entries', 'books'],
    ['/internal/v1/pay/payments', 'pay'],
    ['/internal/v1/payroll', 'payroll'],
    ['/', 'auth'],
  ])('%s -> %s', (url, service) => expect(serviceForPath(url)).toBe(service));
});
