import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translateFieldErrors, translateFieldMessage } from './validation-messages';

/** Every `.ts` file under a folder (tests, specs, repositories and the operators' fakes, which answer in the operators' words, aside). */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'fakes' ? [] : sources(path);
    // repositories hold no validators, only the samples of their queries
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.repository.ts') ? [path] : [];
  });
}

describe('translateFieldMessage', () => {
  it.each([
    ['limit must be an integer number', 'limit doit être un nombre entier'],
    ['limit must not be greater than 100', 'limit ne doit pas être supérieur à 100'],
    ['page must not be less than 1', 'page ne doit pas être inférieur à 1'],
    ['property colour should not exist', 'la propriété colour n’est pas autorisée'],
    ['status must be one of the following values: active, ended', 'status doit être l’une des valeurs suivantes : active, ended'],
    ['name must be shorter than or equal to 200 characters', 'name doit contenir au plus 200 caractères'],
    ['each value in employeeIds must be a UUID', 'chaque valeur de employeeIds doit être un UUID'],
    ['body must be valid JSON', 'le corps doit être du JSON valide'],
    ['x must not have more than 1000 keys', 'x ne doit pas avoir plus de 1000 clés'],
    ["All eventTypes's elements must be unique", 'les éléments de eventTypes doivent être distincts'],
  ])('%s → %s', (english, french) => {
    expect(translateFieldMessage(english, 'fr')).toBe(french);
  });

  it('keeps English as it is, and a DTO’s own wording when it has no translation', () => {
    expect(translateFieldMessage('limit must be an integer number', 'en')).toBe('limit must be an integer number');
    expect(translateFieldMessage('each value in tags must be fancy', 'fr')).toBe('each value in tags must be fancy');
  });

  it('has French for every message the services word themselves (their validators’ `message` options)', () => {
    const root = join(__dirname, '../../../..');
    const wordings = new Set<string>();
    for (const file of [...sources(join(root, 'apps')), ...sources(join(root, 'libs/pipeline/src/http'))]) {
      const text = readFileSync(file, 'utf8');
      // message: 'literal', and message: ({ property }) => `${property} wording`
      for (const match of text.matchAll(/message: '([^']+)'/g)) wordings.add(match[1]);
      for (const match of text.matchAll(/message: \(\{ property \}\) => `\$\{property\} ([^`$]+)`/g)) wordings.add(`field ${match[1]}`);
    }
    expect(wordings.size).toBeGreaterThan(30);
    const untranslated = [...wordings].filter((wording) => translateFieldMessage(wording, 'fr') === wording);
    expect(untranslated).toEqual([]);
  });

  it('translates the services’ own wordings, keeping what varies', () => {
    expect(translateFieldMessage('phone must be an E.164 number such as +237677123456', 'fr')).toBe(
      'phone doit être un numéro au format E.164, par exemple +237677123456',
    );
    expect(translateFieldMessage('dueDate must be a date as YYYY-MM-DD', 'fr')).toBe('dueDate doit être une date au format AAAA-MM-JJ');
    expect(translateFieldMessage('code must be 1–30 upper-case letters, digits or underscores', 'fr')).toBe(
      'code doit contenir de 1 à 30 lettres majuscules, chiffres ou tirets bas',
    );
  });

  it('translates every field of the errors', () => {
    expect(translateFieldErrors({ a: ['a must be a string'], 'lines.0.b': ['b should not be empty'] }, 'fr')).toEqual({
      a: ['a doit être une chaîne de caractères'],
      'lines.0.b': ['b ne doit pas être vide'],
    });
  });
});
