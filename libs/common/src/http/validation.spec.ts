import { ValidationError } from 'class-validator';
import { flattenValidationErrors } from './validation';

describe('flattenValidationErrors', () => {
  it('keys nested errors by their dotted path', () => {
    const child = Object.assign(new ValidationError(), { property: 'amount', constraints: { isInt: 'amount must be an integer' } });
    const line = Object.assign(new ValidationError(), { property: '0', children: [child] });
    const lines = Object.assign(new ValidationError(), { property: 'lines', children: [line] });
    const email = Object.assign(new ValidationError(), { property: 'email', constraints: { isEmail: 'email must be an email', isNotEmpty: 'email should not be empty' } });
    expect(flattenValidationErrors([lines, email])).toEqual({
      'lines.0.amount': ['amount must be an integer'],
      email: ['email must be an email', 'email should not be empty'],
    });
  });
});
