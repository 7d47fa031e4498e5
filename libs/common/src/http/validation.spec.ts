import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { getMetadataStorage, IsInt, IsObject, IsOptional, IsString, Min, validate, ValidationError } from 'class-validator';
import { PlatformException } from '../errors/platform.exception';
import { createValidationPipe, flattenValidationErrors, KeptAsParsed, memoizeValidationMetadata } from './validation';

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

describe('memoizeValidationMetadata', () => {
  class Base {
    @IsString()
    name!: string;
  }
  class Child extends Base {
    @IsInt()
    @Min(1, { groups: ['strict'] })
    count!: number;
  }
  const storage = getMetadataStorage();
  const original = storage.getTargetValidationMetadatas.bind(storage);
  const messages = async (value: object) => flattenValidationErrors(await validate(value, { whitelist: true, forbidNonWhitelisted: true }));

  beforeAll(() => memoizeValidationMetadata());

  it('answers what class-validator answers, once per class and options', () => {
    const first = storage.getTargetValidationMetadatas(Child, '', false, false, undefined);
    expect(first).toEqual(original(Child, '', false, false, undefined));
    expect(first.map((m) => m.propertyName).sort()).toEqual(['count', 'count', 'name']);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, undefined)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    const strict = storage.getTargetValidationMetadatas(Child, '', false, false, ['strict']);
    expect(strict).not.toBe(first);
    expect(strict).toEqual(original(Child, '', false, false, ['strict']));
  });

  it('still validates inherited rules and refuses unknown properties, every time', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await messages(Object.assign(new Child(), { name: 'a', count: 2 }))).toEqual({});
      expect(await messages(Object.assign(new Child(), { name: 3, count: 'x', extra: true }))).toEqual({
        name: ['name must be a string'],
        // rules of a group apply when validating without groups, as class-validator has it
        count: ['count must not be less than 1', 'count must be an integer number'],
        extra: ['property extra should not exist'],
      });
    }
  });

  it('knows a class defined after the first validations', async () => {
    await messages(Object.assign(new Child(), { name: 'a', count: 2 }));
    class Later extends Child {
      @IsOptional()
      @IsString()
      note?: string;
    }
    expect(await messages(Object.assign(new Later(), { name: 'a', count: 2, note: 'n' }))).toEqual({});
    expect(await messages(Object.assign(new Later(), { name: 'a', count: 2.5, note: 1 }))).toEqual({ count: ['count must be an integer number'], note: ['note must be a string'] });
    expect(await messages(Object.assign(new Child(), { name: 'a', count: 2, note: 'n' }))).toEqual({ note: ['property note should not exist'] });
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
