import { ValidateBy } from 'class-validator';

/**
 * What a name or a one-line description may not hold: control characters (line breaks, tabs,
 * terminal escapes: C0, DEL and C1), the Unicode line and paragraph separators, and the
 * bidirectional formatting characters (overrides, embeddings, isolates, marks), which reorder
 * what a reader sees. Such names reach emails, consoles and logs, where they could start a line
 * of their own or pass for other text. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
const NOT_PLAIN = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;

export function isPlainText(text: string): boolean {
  return !NOT_PLAIN.test(text);
}

/** The rule of every name people choose (their own, an organization's, a key's) and of one-line descriptions; other types are left to `@IsString()`. */
export function IsPlainText(): PropertyDecorator {
  return ValidateBy(
    { name: 'isPlainText', validator: { validate: (value: unknown) => typeof value !== 'string' || isPlainText(value) } },
    { message: ({ property }) => `${property} must not contain control characters, line breaks or bidirectional formatting characters` },
  );
}
