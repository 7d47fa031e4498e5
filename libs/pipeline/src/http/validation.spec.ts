import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsObject, IsString, ValidationError } from 'class-validator';
import { PlatformException } from '../errors/platform.exception';
import { PageQueryDto } from './pagination';
import { createValidationPipe, fieldMessages, flattenValidationErrors, KeptAsParsed } from './validation';

describe('flattenValidationErrors', () => {
  it('keys nested errors by their dotted path', () => {
    const child = Object.assign(new ValidationError(), { property: 'amount', constraints: { isInt: 'amount must be an integer' } });
    const line = Object.assign(new ValidationError(), { property: '0', children: [child] });
    const lines = Object.assign(new ValidationError(), { property: 'lines', children: [line] });
    const email = Object.assign(new ValidationError(), {
      property: 'email',
      constraints: { isEmail: 'email must be an email', isNotEmpty: 'email should not be empty' },
    });
    expect(flattenValidationErrors([lines, email])).toEqual({
      'lines.0.amount': ['amount must be an integer'],
      email: ['email should not be empty'],
    });
  });
});

describe('one message per field', () => {
  const pipe = createValidationPipe();
  const queryErrors = (query: Record<string, string>) =>
    Promise.resolve(pipe.transform(query, { type: 'query', metatype: PageQueryDto })).then(
      () => undefined,
      (error: PlatformException) => error.options.errors,
    );

  it('reports a value of the wrong type by its type alone, not by the bounds it cannot meet', async () => {
    expect(await queryErrors({ limit: 'abc' })).toEqual({ limit: ['limit must be an integer number'] });
    expect(await queryErrors({ page: '2.5', limit: '0' })).toEqual({ page: ['page must be an integer number'], limit: ['limit must not be less than 1'] });
    expect(await queryErrors({ limit: '101' })).toEqual({ limit: ['limit must not be greater than 100'] });
  });

  it('reports a missing value as missing, and keeps unrelated failures', () => {
    expect(
      fieldMessages({
        isString: 'name must be a string',
        isNotEmpty: 'name should not be empty',
        maxLength: 'name must be shorter than or equal to 200 characters',
      }),
    ).toEqual(['name should not be empty']);
    expect(fieldMessages({ matches: 'code must be upper case', maxLength: 'code must be shorter than or equal to 30 characters' })).toHaveLength(2);
    expect(
      fieldMessages({ arrayMaxSize: 'channels must contain no more than 5 elements', isIn: 'each value in channels must be one of the following values: sms' }),
    ).toEqual(['channels must contain no more than 5 elements', 'each value in channels must be one of the following values: sms']);
  });
});

describe('KeptAsParsed', () => {
  class Request {
    @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
    @IsString()
    name!: string;

    @IsObject()
    @KeptAsParsed()
    data!: Record<string, unknown>;
  }
  class Derived extends Request {}
  const pipe = createValidationPipe();
  const run = (value: unknown, metatype: Function = Request) => pipe.transform(value, { type: 'body', metatype: metatype as never });
  const errorsOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: PlatformException) => error.options.errors,
    );

  it('hands the property over as parsed, the same object, and transforms the rest', async () => {
    const data = { rows: [{ account: ' 601 ', debit: 1 }], nested: { deep: [1, 2] } };
    const result = await run({ name: '  report ', data });
    expect(result).toBeInstanceOf(Request);
    expect(result.name).toBe('report');
    expect(result.data).toBe(data);
    expect((await run({ name: 'x', data }, Derived)).data).toBe(data);
  });

  it('still validates the property by its own decorators', async () => {
    expect(await errorsOf(run({ name: 'x', data: [1, 2] }))).toEqual({ data: ['data must be an object'] });
    expect(await errorsOf(run({ name: 'x', data: 'text' }))).toEqual({ data: ['data must be an object'] });
    expect(await errorsOf(run({ name: 'x' }))).toEqual({ data: ['data must be an object'] });
    expect(await errorsOf(run({ name: 'x', data: {}, extra: 1 }))).toEqual({ extra: ['property extra should not exist'] });
  });
});
