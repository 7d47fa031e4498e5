import { translateFieldErrors, translateFieldMessage } from './validation-messages';

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
  ])('%s → %s', (english, french) => {
    expect(translateFieldMessage(english, 'fr')).toBe(french);
  });

  it('keeps English as it is, and a DTO’s own wording when it has no translation', () => {
    expect(translateFieldMessage('limit must be an integer number', 'en')).toBe('limit must be an integer number');
    expect(translateFieldMessage('phone must be an E.164 number such as +237677123456', 'fr')).toBe('phone must be an E.164 number such as +237677123456');
    expect(translateFieldMessage('each value in tags must be fancy', 'fr')).toBe('each value in tags must be fancy');
  });

  it('translates every field of the errors', () => {
    expect(translateFieldErrors({ a: ['a must be a string'], 'lines.0.b': ['b should not be empty'] }, 'fr')).toEqual({
      a: ['a doit être une chaîne de caractères'],
      'lines.0.b': ['b ne doit pas être vide'],
    });
  });
});
