import { FieldErrors } from '@platform/pipeline';
import { PerformanceReview, ReviewStatus } from './performance-review.entity';

export const REVIEW_TRANSITIONS: Record<ReviewStatus, ReviewStatus[]> = { draft: ['submitted'], submitted: ['completed'], completed: [] };

/** What a review lacks to be submitted, by field; empty when it is complete. */
export function submissionErrors(review: Pick<PerformanceReview, 'reviewerEmployeeId' | 'reviewerName' | 'goals' | 'overallRating'>): FieldErrors {
  const errors: FieldErrors = {};
  if (!review.reviewerEmployeeId && !review.reviewerName) errors.reviewer = ['reviewerEmployeeId or reviewerName is required to submit'];
  if (!review.goals.length) errors.goals = ['at least one goal is required to submit'];
  else {
    const total = review.goals.reduce((sum, goal) => sum + goal.weight, 0);
    if (total !== 100) errors.goals = [`goal weights must sum to 100 to submit (they sum to ${total})`];
    review.goals.forEach((goal, index) => {
      if (goal.rating === undefined || goal.rating === null) errors[`goals.${index}.rating`] = ['rating is required to submit'];
    });
  }
  if (review.overallRating === null || review.overallRating === undefined) errors.overallRating = ['overallRating is required to submit'];
  return errors;
}
