import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { hire } from './fixtures';

const ATTENDANCE = '/api/v1/hr/attendance';

describe('HR attendance', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  const record = (body: Record<string, unknown>) => dev.call(hr, 'POST', ATTENDANCE, { body });

  it('records check-in, then check-out on the same date (201, then 200 on the same record)', async () => {
    const employeeId = await hire(dev, hr);
    const checkIn = await record({ employeeId, date: '2025-03-03', checkIn: '08:00' });
    expect(checkIn.status).toBe(201);
    expect(checkIn.body.data).toMatchObject({
      employeeId,
      date: '2025-03-03',
      status: 'present',
      checkIn: '2025-03-03T08:00:00.000Z',
      checkOut: null,
      workedHours: 0,
    });
    const checkOut = await record({ employeeId, date: '2025-03-03', checkOut: '2025-03-03T17:20:00+01:00' });
    expect(checkOut.status).toBe(200);
    expect(checkOut.body.data).toMatchObject({ id: checkIn.body.data.id, checkOut: '2025-03-03T16:20:00.000Z', workedHours: 8.33, status: 'present' });
    const remote = await record({ employeeId, date: '2025-03-04', checkIn: '2025-03-04T22:00:00Z', checkOut: '2025-03-05T06:30:00Z', status: 'remote' });
    expect(remote.body.data).toMatchObject({ status: 'remote', workedHours: 8.5 });
    expect((await record({ employeeId, date: '2025-03-05', status: 'sick' })).body.data).toMatchObject({ status: 'sick', checkIn: null, workedHours: 0 });
  });

  it('refuses bad times and statuses with VALIDATION_FAILED', async () => {
    const employeeId = await hire(dev, hr);
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '2025-03-03' }, 'status'],
      [{ date: '2025-03-03', checkIn: '8am' }, 'checkIn'],
      [{ date: '2025-03-03', checkIn: '2025-03-03T08:00:00' }, 'checkIn'],
      [{ date: '2025-03-03', checkIn: '2025-03-04T08:00:00Z' }, 'checkIn'],
      [{ date: '2025-03-03', checkOut: '17:00' }, 'checkOut'],
      [{ date: '2025-03-03', checkIn: '17:00', checkOut: '08:00' }, 'checkOut'],
      [{ date: '2025-03-03', checkIn: '2025-03-03T08:00:00Z', checkOut: '2025-03-04T09:00:00Z' }, 'checkOut'],
      [{ date: '2025-03-03', checkIn: '08:00', status: 'absent' }, 'status'],
      [{ date: '2025-03-03', status: 'late' }, 'status'],
      [{ date: '2025-02-29', status: 'present' }, 'date'],
    ];
    for (const [body, field] of cases) {
      const result = await record({ employeeId, ...body });
      expectError(result, 400, 'VALIDATION_FAILED');
      expect(Object.keys(result.body.errors)).toContain(field);
    }
    await record({ employeeId, date: '2025-03-03', checkIn: '08:00' });
    expectError(await record({ employeeId, date: '2025-03-03', status: 'holiday' }), 400, 'VALIDATION_FAILED');
    expect((await record({ employeeId, date: '2025-03-03', status: 'holiday', checkIn: null })).body.data).toMatchObject({ status: 'holiday', checkIn: null });
    expectError(await record({ employeeId: randomUUID(), date: '2025-03-03', status: 'present' }), 404, 'USER_NOT_FOUND');
  });

  it('keeps one record per employee and date under concurrent posts', async () => {
    const employeeId = await hire(dev, hr);
    const results = await Promise.all(Array.from({ length: 4 }, () => record({ employeeId, date: '2025-03-10', status: 'present' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
  });

  it('lists records over a valid range, and answers ATTENDANCE_INVALID_DATE_RANGE otherwise', async () => {
    const lister = await stack.developer();
    const employeeId = await hire(lister, hr);
    for (const date of ['2025-04-01', '2025-04-02', '2025-04-03']) await lister.call(hr, 'POST', ATTENDANCE, { body: { employeeId, date, status: 'present' } });
    const page = await lister.call(hr, 'GET', `${ATTENDANCE}?from=2025-04-02&to=2025-04-30&employeeId=${employeeId}&limit=1`);
    expect(page.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page.body.data.items[0]).toMatchObject({ date: '2025-04-02', status: 'present' });
    expect((await lister.call(hr, 'GET', `${ATTENDANCE}?from=2024-04-02&to=2025-04-01`)).body.data.total).toBe(1);
    for (const query of [
      '',
      '?from=2025-04-01',
      '?from=2025-04-30&to=2025-04-01',
      '?from=2025-02-30&to=2025-04-01',
      '?from=yesterday&to=today',
      '?from=2024-01-01&to=2025-01-01',
    ]) {
      const result = await lister.call(hr, 'GET', `${ATTENDANCE}${query}`);
      expectError(result, 400, 'ATTENDANCE_INVALID_DATE_RANGE');
      expect(typeof result.body.details.reason).toBe('string');
    }
    expectError(await lister.call(hr, 'GET', `${ATTENDANCE}?from=2025-04-01&to=2025-04-30&employeeId=x`), 400, 'VALIDATION_FAILED');
    expect((await dev.call(hr, 'GET', `${ATTENDANCE}?from=2025-04-01&to=2025-04-30&employeeId=${employeeId}`)).body.data.total).toBe(0);
  });

  it('summarizes each employee’s days with worked hours and approved leave', async () => {
    const company = await stack.developer();
    const amina = await hire(company, hr, { lastName: 'Abena' });
    const bruno = await hire(company, hr, { lastName: 'Biya' });
    await hire(company, hr, { lastName: 'Later', hireDate: '2030-01-01' });
    const post = (body: Record<string, unknown>) => company.call(hr, 'POST', ATTENDANCE, { body });
    // 2025-03-03 is a Monday.
    await post({ employeeId: amina, date: '2025-03-03', checkIn: '08:00', checkOut: '16:30' });
    await post({ employeeId: amina, date: '2025-03-04', checkIn: '08:00', checkOut: '12:10', status: 'remote' });
    await post({ employeeId: amina, date: '2025-03-06', status: 'sick' });
    const type = (await company.call(hr, 'POST', '/api/v1/hr/leave-types', { body: { name: 'Annual', annualAllowanceDays: 20 } })).body.data.id;
    const leave = await company.call(hr, 'POST', '/api/v1/hr/leave-requests', {
      body: { employeeId: amina, leaveTypeId: type, startDate: '2025-03-07', endDate: '2025-03-10', endHalfDay: true },
    });
    await company.call(hr, 'POST', `/api/v1/hr/leave-requests/${leave.body.data.id}/approve`);
    await company.call(hr, 'POST', '/api/v1/hr/leave-requests', {
      body: { employeeId: bruno, leaveTypeId: type, startDate: '2025-03-05', endDate: '2025-03-05' },
    });

    const summary = await company.call(hr, 'GET', `${ATTENDANCE}/summary?from=2025-03-03&to=2025-03-09`);
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    const [first, second] = summary.body.data.items;
    expect(first).toMatchObject({ employeeId: amina, workedHours: 12.67, daysPresent: 2, daysOnLeave: 1 });
    expect(first.days).toEqual([
      { date: '2025-03-03', status: 'present', workedHours: 8.5, onLeave: false },
      { date: '2025-03-04', status: 'remote', workedHours: 4.17, onLeave: false },
      { date: '2025-03-05', status: 'unrecorded', workedHours: 0, onLeave: false },
      { date: '2025-03-06', status: 'sick', workedHours: 0, onLeave: false },
      { date: '2025-03-07', status: 'on_leave', workedHours: 0, onLeave: true },
      { date: '2025-03-08', status: 'weekend', workedHours: 0, onLeave: false },
      { date: '2025-03-09', status: 'weekend', workedHours: 0, onLeave: false },
    ]);
    expect(second).toMatchObject({ employeeId: bruno, workedHours: 0, daysPresent: 0, daysOnLeave: 0 });

    const oneEmployee = await company.call(hr, 'GET', `${ATTENDANCE}/summary?from=2025-03-10&to=2025-03-10&employeeId=${amina}`);
    expect(oneEmployee.body.data.items).toEqual([
      {
        employeeId: amina,
        workedHours: 0,
        daysPresent: 0,
        daysOnLeave: 0.5,
        days: [{ date: '2025-03-10', status: 'on_leave', workedHours: 0, onLeave: true }],
      },
    ]);
    expectError(await company.call(hr, 'GET', `${ATTENDANCE}/summary?from=2025-03-10&to=2025-03-01`), 400, 'ATTENDANCE_INVALID_DATE_RANGE');
    expectError(await company.call(hr, 'GET', `${ATTENDANCE}/summary?from=2025-03-10`), 400, 'ATTENDANCE_INVALID_DATE_RANGE');
    expectError(await dev.call(hr, 'GET', `${ATTENDANCE}/summary?from=2025-03-10&to=2025-03-10&employeeId=${amina}`), 404, 'USER_NOT_FOUND');
  });

  it('needs hr scopes', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expect((await reader.call(hr, 'GET', `${ATTENDANCE}?from=2025-01-01&to=2025-01-31`)).status).toBe(200);
    expectError(
      await reader.call(hr, 'POST', ATTENDANCE, { body: { employeeId: randomUUID(), date: '2025-01-01', status: 'present' } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });
});
