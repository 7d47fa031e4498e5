import { applyFields } from './employee-changes';
import { Employee } from './employee.entity';

const stored = (over: Partial<Employee> = {}): Employee =>
  Object.assign(new Employee(), {
    id: 'e1',
    companyId: 'c1',
    externalId: 'EMP-1',
    firstName: 'Amina',
    lastName: 'Nkemelu',
    email: 'amina@example.cm',
    phone: null,
    hireDate: '2024-03-01',
    jobTitle: 'Accountant',
    department: 'Finance',
    status: 'active',
    terminationDate: null,
    nationalId: null,
    socialInsuranceNumber: null,
    country: 'CM',
    // as jsonb gives it back: its keys in its own order
    payout: { method: 'mobile_money', provider: 'mtn_momo', phoneNumber: '+237677123456' },
    ...over,
  });

describe('applyFields', () => {
  it('finds no change in the values the employee already has, a payout’s keys in any order', () => {
    const employee = stored();
    expect(applyFields(employee, { firstName: 'Amina', payout: { phoneNumber: '+237677123456', method: 'mobile_money', provider: 'mtn_momo' } })).toBe(false);
    expect(applyFields(employee, {})).toBe(false);
  });

  it('applies the fields sent and leaves the others', () => {
    const employee = stored({ phone: '+237677000000' });
    expect(applyFields(employee, { jobTitle: 'Chief Accountant' })).toBe(true);
    expect(employee).toMatchObject({ jobTitle: 'Chief Accountant', phone: '+237677000000', firstName: 'Amina' });
    expect(applyFields(stored(), { payout: { method: 'mobile_money', provider: 'orange_money', phoneNumber: '+237677123456' } })).toBe(true);
  });

  it('keeps a termination date only while terminated', () => {
    const employee = stored({ status: 'terminated', terminationDate: '2025-12-31' });
    expect(applyFields(employee, { status: 'active' })).toBe(true);
    expect(employee.terminationDate).toBeNull();
    expect(applyFields(stored(), { terminationDate: '2025-12-31' })).toBe(false);
  });
});
