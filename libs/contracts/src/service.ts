/** What a service tells the shared pipeline about itself. */
export type ServiceName = 'auth' | 'hr' | 'utilities' | 'payroll' | 'pay' | 'books';

export interface ServiceDescriptor {
  name: ServiceName;
  /** Throttling and usage key: one per API product. */
  product: string;
  /** Route prefix without leading slash, e.g. `api/v1/hr`. */
  prefix: string;
  title: string;
  description: string;
  /** Product health is behind the three headers, as every product route is; auth's is public. */
  publicHealth: boolean;
  /** `local` when this service is the identity authority (auth), `remote` for everyone else. */
  identity: 'local' | 'remote';
}

export const SERVICE_DESCRIPTOR = Symbol('SERVICE_DESCRIPTOR');

export const SERVICES: Record<ServiceName, Omit<ServiceDescriptor, 'identity' | 'publicHealth'>> = {
  auth: {
    name: 'auth',
    product: 'auth',
    prefix: 'api/v1',
    title: 'Platform Auth API',
    description: 'Developer credentials, tokens, plans, usage, workspaces and client companies.',
  },
  hr: {
    name: 'hr',
    product: 'hr',
    prefix: 'api/v1/hr',
    title: 'Platform HR API',
    description: 'Employees, contracts, leave, attendance and performance: the source of employee truth.',
  },
  utilities: {
    name: 'utilities',
    product: 'app',
    prefix: 'api/v1/app',
    title: 'Platform Utilities API',
    description: 'Notifications and their preferences, files and generated documents.',
  },
  payroll: { name: 'payroll', product: 'payroll', prefix: 'api/v1/payroll', title: 'Platform Payroll API', description: 'Payroll runs computed from HR data.' },
  pay: { name: 'pay', product: 'pay', prefix: 'api/v1/pay', title: 'Platform Pay API', description: 'Wallets and payments.' },
  books: { name: 'books', product: 'books', prefix: 'api/v1/books', title: 'Platform Books API', description: 'Accounts, journal entries and reports.' },
};

export function describeService(name: ServiceName): ServiceDescriptor {
  return { ...SERVICES[name], identity: name === 'auth' ? 'local' : 'remote', publicHealth: name === 'auth' };
}
