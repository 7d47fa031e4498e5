import { randomUUID } from 'node:crypto';
import { HrModule } from '../src/hr.module';
import { Developer, expectError, RunningApp, TestStack } from '@test/support/stack';
import { hire } from './fixtures';

const REVIEWS = '/api/v1/hr/performance-reviews';

describe('HR performance reviews', () => {
  let stack: TestStack;
  let hr: RunningApp;
  let dev: Developer;

  beforeAll(async () => {
    stack = await TestStack.start();
    hr = await stack.startApp(HrModule, 'hr');
    dev = await stack.developer();
  });
  afterAll(() => stack.stop());

  const draft = async (over: Record<string, unknown> = {}) => {
    const employeeId = await hire(dev, hr);
    const created = await dev.call(hr, 'POST', REVIEWS, { body: { employeeId, periodStart: '2025-01-01', periodEnd: '2025-06-30', ...over } });
    expect(created.status).toBe(201);
    return created.body.data;
  };

  it('creates a draft from the employee and the period only', async () => {
    const review = await draft();
    expect(review).toMatchObject({ status: 'draft', goals: [], overallRating: null, reviewerEmployeeId: null, companyId: dev.organizationId });
    expect((await dev.call(hr, 'GET', `${REVIEWS}/${review.id}`)).body.data.id).toBe(review.id);
  });

  it('validates fields and references', async () => {
    const bad = await dev.call(hr, 'POST', REVIEWS, {
      body: { employeeId: 'x', periodStart: '2025-13-01', periodEnd: '2025-06-30', goals: [{ title: '', weight: 0, rating: 6 }], overallRating: 2.5, score: 1 },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'employeeId',
      'goals.0.rating',
      'goals.0.title',
      'goals.0.weight',
      'overallRating',
      'periodStart',
      'score',
    ]);
    const employeeId = await hire(dev, hr);
    expectError(await dev.call(hr, 'POST', REVIEWS, { body: { employeeId, periodStart: '2025-06-30', periodEnd: '2025-01-01' } }), 400, 'VALIDATION_FAILED');
    expectError(
      await dev.call(hr, 'POST', REVIEWS, { body: { employeeId: randomUUID(), periodStart: '2025-01-01', periodEnd: '2025-06-30' } }),
      404,
      'USER_NOT_FOUND',
    );
    const unknownReviewer = await dev.call(hr, 'POST', REVIEWS, {
      body: { employeeId, periodStart: '2025-01-01', periodEnd: '2025-06-30', reviewerEmployeeId: randomUUID() },
    });
    expectError(unknownReviewer, 400, 'VALIDATION_FAILED');
    expect(unknownReviewer.body.errors.reviewerEmployeeId).toBeDefined();
  });

  it('refuses to submit an incomplete review, naming what is missing', async () => {
    const review = await draft();
    const empty = await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { status: 'submitted' } });
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(Object.keys(empty.body.errors).sort()).toEqual(['goals', 'overallRating', 'reviewer']);
    const partial = await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, {
      body: {
        status: 'submitted',
        reviewerName: 'Jean Mbarga',
        goals: [
          { title: 'Close books', weight: 60, rating: 4 },
          { title: 'Train staff', weight: 30 },
        ],
        overallRating: 4,
      },
    });
    expectError(partial, 400, 'VALIDATION_FAILED');
    expect(partial.body.errors).toEqual({
      goals: ['goal weights must sum to 100 to submit (they sum to 90)'],
      'goals.1.rating': ['rating is required to submit'],
    });
    expect((await dev.call(hr, 'GET', `${REVIEWS}/${review.id}`)).body.data).toMatchObject({ status: 'draft', goals: [] });
  });

  it('moves draft → submitted → completed, then locks the review', async () => {
    const reviewer = await hire(dev, hr, { firstName: 'Jean' });
    const review = await draft({ goals: [{ title: 'Close books', weight: 60, rating: 4, comment: 'On time' }] });
    const submitted = await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, {
      body: {
        status: 'submitted',
        reviewerEmployeeId: reviewer,
        goals: [
          { title: 'Close books', weight: 60, rating: 4 },
          { title: 'Train staff', weight: 40, rating: 3 },
        ],
        overallRating: 4,
        summary: 'Solid half-year.',
      },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', reviewerEmployeeId: reviewer, overallRating: 4 });
    expect(submitted.body.data.submittedAt).toEqual(expect.any(String));
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { overallRating: null } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { status: 'draft' } }), 409, 'PERFORMANCE_REVIEW_INVALID_TRANSITION');
    expect((await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { overallRating: 5 } })).body.data.overallRating).toBe(5);
    const completed = await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { status: 'completed' } });
    expect(completed.body.data).toMatchObject({ status: 'completed', overallRating: 5 });
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { summary: 'Changed' } }), 409, 'PERFORMANCE_REVIEW_LOCKED');
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { status: 'draft' } }), 409, 'PERFORMANCE_REVIEW_LOCKED');

    const fresh = await draft();
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${fresh.id}`, { body: { status: 'completed' } }), 409, 'PERFORMANCE_REVIEW_INVALID_TRANSITION');
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${fresh.id}`, { body: { status: 'archived' } }), 400, 'VALIDATION_FAILED');
    expectError(await dev.call(hr, 'PATCH', `${REVIEWS}/${fresh.id}`, { body: { employeeId: reviewer } }), 400, 'VALIDATION_FAILED');
  });

  it('lists with filters and hides other companies’ reviews', async () => {
    const review = await draft();
    const listed = await dev.call(hr, 'GET', `${REVIEWS}?employeeId=${review.employeeId}&status=draft`);
    expect(listed.body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(
      (await dev.call(hr, 'GET', `${REVIEWS}?status=completed&limit=100`)).body.data.items.every((r: { status: string }) => r.status === 'completed'),
    ).toBe(true);
    expectError(await dev.call(hr, 'GET', `${REVIEWS}?status=closed`), 400, 'VALIDATION_FAILED');
    const other = await stack.developer();
    for (const id of [review.id, randomUUID(), 'nope']) expectError(await other.call(hr, 'GET', `${REVIEWS}/${id}`), 404, 'PERFORMANCE_REVIEW_NOT_FOUND');
    expectError(await other.call(hr, 'PATCH', `${REVIEWS}/${review.id}`, { body: { summary: 'x' } }), 404, 'PERFORMANCE_REVIEW_NOT_FOUND');
    expect((await other.call(hr, 'GET', REVIEWS)).body.data.total).toBe(0);
  });

  it('needs hr scopes', async () => {
    const reader = await stack.developer({ scopes: ['hr:read'] });
    expect((await reader.call(hr, 'GET', REVIEWS)).status).toBe(200);
    expectError(await reader.call(hr, 'POST', REVIEWS, { body: {} }), 403, 'INSUFFICIENT_SCOPE');
  });
});
