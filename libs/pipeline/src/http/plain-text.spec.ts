import { validateSync } from 'class-validator';
import { translateFieldMessage } from '../errors/validation-messages';
import { IsPlainText, isPlainText } from './plain-text';

class Named {
  @IsPlainText()
  name: unknown;
}

const errorsOf = (name: unknown) => validateSync(Object.assign(new Named(), { name })).map((error) => error.constraints);

describe('isPlainText', () => {
  it('takes names in any script, with accents, emoji and the joiners they need', () => {
    for (const name of [
      'Acme Payroll',
      'Société Générale Cameroun',
      'Ngozi Okonkwo-Adébáyọ̀',
      'شركة الرواتب',
      'मेरी\u200Dकंपनी',
      'می\u200Cخواهم',
      'Team 👩‍💻',
      '株式会社',
    ]) {
      expect([name, isPlainText(name)]).toEqual([name, true]);
    }
  });

  it('refuses control characters, line and paragraph separators and bidirectional formatting', () => {
    const refused = [
      '\n',
      '\r',
      '\t',
      '\v',
      '\f',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ];
    for (const character of refused) {
      const name = `Acme${character}Payroll`;
      expect([JSON.stringify(name), isPlainText(name)]).toEqual([JSON.stringify(name), false]);
    }
  });

  it('words the refusal for the field, in English and French, and leaves other types to IsString', () => {
    expect(errorsOf('Acme\n[utilities] password reset')).toEqual([
      { isPlainText: 'name must not contain control characters, line breaks or bidirectional formatting characters' },
    ]);
    expect(translateFieldMessage('name must not contain control characters, line breaks or bidirectional formatting characters', 'fr')).toBe(
      'name ne doit contenir ni caractère de contrôle, ni saut de ligne, ni caractère de mise en forme bidirectionnelle',
    );
    expect(errorsOf('Acme')).toEqual([]);
    expect(errorsOf(42)).toEqual([]);
  });
});
