import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsOptional, IsString, Min, validate, validateSync } from 'class-validator';
import { flattenValidationErrors } from '../http/validation';
import { memoizeValidationMetadata } from './class-validator-metadata';

describe('class-validator internals the memo relies on', () => {
  class Probe {
    @IsString()
    name!: string;
  }

  it('keeps one metadata storage per process, the one its validator reads', () => {
    expect(getMetadataStorage()).toBe(getMetadataStorage());
    expect((globalThis as { classValidatorMetadataStorage?: unknown }).classValidatorMetadataStorage).toBe(getMetadataStorage());
  });

  it('looks a class’s rules up and groups them through the two methods the memo replaces, on every validation', () => {
    const storage = getMetadataStorage();
    const lookUp = jest.spyOn(storage, 'getTargetValidationMetadatas');
    const group = jest.spyOn(storage, 'groupByPropertyName');
    try {
      expect(validateSync(Object.assign(new Probe(), { name: 1 }))).toHaveLength(1);
      validateSync(Object.assign(new Probe(), { name: 'x' }));
      expect(lookUp).toHaveBeenCalledTimes(2);
      expect(lookUp.mock.calls[0]).toEqual([Probe, undefined, false, false, undefined]);
      expect(group).toHaveBeenCalledTimes(2);
      expect(group.mock.calls[0][0]).toBe(lookUp.mock.results[0].value);
    } finally {
      lookUp.mockRestore();
      group.mockRestore();
    }
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

