import 'reflect-metadata';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { Exclude, Expose, Transform, TransformationType, Type } from 'class-transformer';
import type * as TransformerStorage from 'class-transformer/types/storage';
import {
  getMetadataStorage,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { isSent, OptionalNotNull } from '../http/optional-not-null';
import { createValidationPipe, PlatformValidationPipe, VALIDATION_PIPE_OPTIONS } from '../http/validation';
import { compileAcceptor } from './validation-fast-path';

const CATEGORIES = ['approval', 'payroll', 'security'] as const;

class Preference {
  @IsIn(CATEGORIES)
  category!: string;

  @IsOptional()
  @IsBoolean()
  email?: boolean;

  @IsOptional()
  @IsBoolean()
  sms?: boolean;
}

class Flags {
  @IsIn(CATEGORIES)
  category!: string;

  @OptionalNotNull()
  @IsBoolean()
  sms?: boolean;
}

class Base {
  @IsString()
  @IsNotEmpty()
  @MaxLength(5)
  name!: string;
}

class Counted extends Base {
  @IsInt()
  @Min(1)
  @Max(10)
  count!: number;

  @IsOptional()
  note?: string;
}

class WithRegex {
  @Matches(/^a+$/)
  code!: string;
}
class WithType {
  @Type(() => Number)
  @IsInt()
  count!: number;
}
class WithTransform {
  @Transform(({ value }) => String(value).trim())
  @IsString()
  name!: string;
}
@Exclude()
class WithExcludeAll {
  @Expose()
  @IsString()
  name!: string;
}
class WithValidateIf {
  @ValidateIf((o: { kind?: string }) => o.kind === 'x')
  @IsString()
  name!: string;
}
class WithEach {
  @IsString({ each: true })
  tags!: string[];
}
class WithGroups {
  @IsString({ groups: ['strict'] })
  name!: string;
}
class WithNested {
  @ValidateNested()
  @Type(() => Base)
  base!: Base;
}
class Ruleless {
  name?: string;
}

const body = (metatype: Function): ArgumentMetadata => ({ type: 'body', metatype: metatype as never, data: '' });

/** What a pipe answers: the instance's class and properties, or the error's response. */
async function outcome(pipe: ValidationPipe, value: unknown, metatype: Function) {
  try {
    const result = await pipe.transform(structuredClone(value), body(metatype));
    return { ok: true, type: result?.constructor, value: { ...result } };
  } catch (error) {
    return { ok: false, error: (error as { getResponse?: () => unknown }).getResponse?.() ?? String(error) };
  }
}

describe('class-transformer and class-validator internals the fast path relies on', () => {
  const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof TransformerStorage;

  it('finds class-transformer’s rules in the store its decorators write to', () => {
    expect(defaultMetadataStorage.getStrategy(Preference)).toBe('none');
    expect(defaultMetadataStorage.getStrategy(WithExcludeAll)).toBe('excludeAll');
    expect(defaultMetadataStorage.getExposedMetadatas(WithExcludeAll).map((m) => m.propertyName)).toEqual(['name']);
    expect(defaultMetadataStorage.getExcludedMetadatas(Preference)).toEqual([]);
    expect(defaultMetadataStorage.findTypeMetadata(WithType, 'count')).toMatchObject({ target: WithType, propertyName: 'count' });
    expect(defaultMetadataStorage.findTypeMetadata(Preference, 'category')).toBeUndefined();
    expect(defaultMetadataStorage.findTransformMetadatas(WithTransform, 'name', TransformationType.PLAIN_TO_CLASS)).toHaveLength(1);
  });

  it('registers class-validator’s rules under the names and constraints the checks are compiled from', () => {
    class Rules {
      @IsIn(['a', 'b'])
      @IsBoolean()
      @IsString()
      @IsInt()
      @Min(1)
      @Max(9)
      @MaxLength(4)
      @IsNotEmpty()
      value!: unknown;

      @IsOptional()
      optional?: string;

      @OptionalNotNull()
      omittable?: string;
    }
    const found = getMetadataStorage()
      .getTargetValidationMetadatas(Rules, '', false, false, undefined)
      .map(({ propertyName, type, name, constraints }) => ({ propertyName, type, name, constraints }));
    expect(found).toEqual(
      expect.arrayContaining([
        { propertyName: 'value', type: 'customValidation', name: 'isIn', constraints: [['a', 'b']] },
        { propertyName: 'value', type: 'customValidation', name: 'isBoolean', constraints: undefined },
        { propertyName: 'value', type: 'customValidation', name: 'isString', constraints: undefined },
        { propertyName: 'value', type: 'customValidation', name: 'isInt', constraints: undefined },
        { propertyName: 'value', type: 'customValidation', name: 'min', constraints: [1] },
        { propertyName: 'value', type: 'customValidation', name: 'max', constraints: [9] },
        { propertyName: 'value', type: 'customValidation', name: 'maxLength', constraints: [4] },
        { propertyName: 'value', type: 'customValidation', name: 'isNotEmpty', constraints: undefined },
        { propertyName: 'optional', type: 'conditionalValidation', name: 'isOptional', constraints: expect.any(Array) },
        { propertyName: 'omittable', type: 'conditionalValidation', name: undefined, constraints: [isSent] },
      ]),
    );
    expect(found).toHaveLength(10);
  });
});

describe('compileAcceptor', () => {
  it('compiles the rules it knows, own and inherited', () => {
    const preference = compileAcceptor(Preference)!;
    expect(preference({ category: 'payroll', sms: true })).toBe(true);
    expect(preference({ category: 'payroll', email: null })).toBe(true);
    expect(preference({ category: 'payroll', sms: 'true' })).toBe(false);
    expect(preference({ category: 'other' })).toBe(false);
    expect(preference({ category: 'payroll', extra: 1 })).toBe(false);
    expect(preference({ email: true })).toBe(false);
    const flags = compileAcceptor(Flags)!;
    expect(flags({ category: 'payroll' })).toBe(true);
    expect(flags({ category: 'payroll', sms: false })).toBe(true);
    expect(flags({ category: 'payroll', sms: null })).toBe(false);
    const counted = compileAcceptor(Counted)!;
    expect(counted({ name: 'abc', count: 3 })).toBe(true);
    expect(counted({ name: 'abcdef', count: 3 })).toBe(false);
    expect(counted({ name: 'abc', count: 3.5 })).toBe(false);
    expect(counted({ name: 'abc', count: 11 })).toBe(false);
    expect(counted({ name: '', count: 1 })).toBe(false);
  });

  it('accepts only plain objects of plain values', () => {
    const accept = compileAcceptor(Preference)!;
    for (const value of [null, undefined, 'payroll', 3, [], ['payroll'], new Map(), Object.assign(new Preference(), { category: 'payroll' })]) {
      expect(accept(value)).toBe(false);
    }
    expect(accept(Object.assign(Object.create(null), { category: 'payroll' }))).toBe(true);
    expect(compileAcceptor(Counted)!({ name: 'abc', count: 2, note: { text: 'x' } })).toBe(false);
  });

  it('leaves text the pipe refuses (NUL, unpaired surrogates) to the pipe', () => {
    const accept = compileAcceptor(Counted)!;
    expect(accept({ name: 'abc', count: 2, note: 'fine 😀' })).toBe(true);
    for (const text of ['a\u0000b', '\ud800', '\ude00']) {
      expect(accept({ name: text, count: 2 })).toBe(false);
      expect(accept({ name: 'abc', count: 2, note: text })).toBe(false);
    }
  });

  it('leaves alone every class with a rule or a transformation it does not know', () => {
    for (const target of [WithRegex, WithType, WithTransform, WithExcludeAll, WithValidateIf, WithEach, WithGroups, WithNested, Ruleless]) {
      expect(compileAcceptor(target)).toBeUndefined();
    }
  });
});

describe('PlatformValidationPipe', () => {
  const fast = createValidationPipe();
  // the same options, without the fast path
  const usual = new ValidationPipe(VALIDATION_PIPE_OPTIONS);

  const cases: [Function, unknown][] = [
    [Preference, { category: 'payroll' }],
    [Preference, { category: 'payroll', email: false, sms: true }],
    [Preference, { category: 'payroll', email: null }],
    [Preference, { category: 'payroll', sms: 1 }],
    [Preference, { category: 'nope', sms: true }],
    [Preference, { sms: true }],
    [Preference, { category: 'payroll', unknown: true }],
    [Preference, { category: 'payroll', constructor: 'x' }],
    [Preference, JSON.parse('{"category":"payroll","__proto__":{"sms":true}}')],
    [Flags, { category: 'payroll' }],
    [Flags, { category: 'payroll', sms: true }],
    [Flags, { category: 'payroll', sms: null }],
    [Preference, ['payroll']],
    [Preference, 'payroll'],
    [Preference, null],
    [Preference, {}],
    [Counted, { name: 'abc', count: 10 }],
    [Counted, { name: 'abc', count: 10, note: null }],
    [Counted, { name: 'abc', count: 10, note: 'anything' }],
    [Counted, { name: 'abc', count: 10, note: { deep: true } }],
    [Counted, { name: '😀😀😀', count: 1 }],
    [Counted, { name: 'abcdef', count: 0 }],
    [Counted, { name: 'abc', count: '3' }],
    [Counted, { name: 'abc', count: Number.NaN }],
    [WithType, { count: '3' }],
    [WithTransform, { name: '  padded ' }],
  ];

  it.each(cases.map(([metatype, value]) => [metatype.name, JSON.stringify(value), metatype, value] as const))(
    'answers %s %s as the usual pipe does',
    async (_name, _json, metatype, value) => {
      expect(await outcome(fast, value, metatype)).toEqual(await outcome(usual, value, metatype));
    },
  );

  it('builds a valid simple DTO without class-transformer', async () => {
    const spy = jest.spyOn(ValidationPipe.prototype, 'transform');
    try {
      const result = await fast.transform({ category: 'security', sms: false }, body(Preference));
      expect(result).toBeInstanceOf(Preference);
      expect(result).toEqual(Object.assign(new Preference(), { category: 'security', sms: false }));
      expect(spy).not.toHaveBeenCalled();
      await expect(Promise.resolve(fast.transform({ category: 'security', sms: 'no' }, body(Preference)))).rejects.toBeDefined();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses, before class-transformer, text no store keeps and input nested past the limit', async () => {
    const refusal = async (value: unknown, metatype: Function, type: ArgumentMetadata['type'] = 'body') => {
      try {
        await fast.transform(value, { type, metatype: metatype as never, data: '' });
        return undefined;
      } catch (error) {
        return error as { code?: string; options?: { errors?: Record<string, string[]> } };
      }
    };
    expect(await refusal({ category: 'payroll', sms: true }, Preference)).toBeUndefined();
    for (const [value, metatype, field] of [
      [{ name: 'a\u0000', count: 1 }, Counted, 'name'],
      [{ name: 'abc', count: 1, note: '\ud800' }, Counted, 'note'],
      [{ count: '1', extra: 'x\u0000' }, WithType, 'extra'],
      [{ base: JSON.parse('{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)) }, WithNested, 'base'],
    ] as [unknown, Function, string][]) {
      const error = await refusal(value, metatype);
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error?.options?.errors ?? {})).toEqual([field]);
    }
    expect((await refusal({ name: 'a\u0000' }, WithTransform, 'query'))?.options?.errors).toEqual({
      name: ['name must not contain NUL characters or unpaired surrogates'],
    });
  });

  it('is the pipe the platform installs', () => {
    expect(fast).toBeInstanceOf(PlatformValidationPipe);
  });
});
