import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsObject, IsString, ValidationError } from 'class-validator';
import { PlatformException } from '../errors/platform.exception';
import { createValidationPipe, flattenValidationErrors, KeptAsParsed } from './validation';

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
  const errorsOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: PlatformException) => error.options.errors);

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
