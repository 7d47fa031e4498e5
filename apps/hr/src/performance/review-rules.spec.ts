import { submissionErrors } from './review-rules';

describe('review submission', () => {
  it('accepts a complete review', () => {
    expect(
      submissionErrors({
        reviewerEmployeeId: null,
        reviewerName: 'Jean',
        goals: [
          { title: 'A', weight: 60, rating: 4 },
          { title: 'B', weight: 40, rating: 3 },
        ],
        overallRating: 4,
      }),
    ).toEqual({});
  });

  it('names every missing piece', () => {
    expect(submissionErrors({ reviewerEmployeeId: null, reviewerName: null, goals: [], overallRating: null })).toEqual({
      reviewer: ['reviewerEmployeeId or reviewerName is required to submit'],
      goals: ['at least one goal is required to submit'],
      overallRating: ['overallRating is required to submit'],
    });
    expect(
      submissionErrors({
        reviewerEmployeeId: 'x',
        reviewerName: null,
        goals: [
          { title: 'A', weight: 60, rating: 4 },
          { title: 'B', weight: 30 },
        ],
        overallRating: 3,
      }),
    ).toEqual({
      goals: ['goal weights must sum to 100 to submit (they sum to 90)'],
      'goals.1.rating': ['rating is required to submit'],
    });
  });
});
