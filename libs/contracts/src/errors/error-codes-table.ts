import { ERROR_CODES, ErrorCode, HTTP_ERROR_MESSAGES } from './error-codes';

/** A message as a reader meets it: `{n, plural, one {# second} other {# seconds}}` in its general form, `{n} seconds`. */
export function readableMessage(message: string): string {
  return message.replace(/\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g, (whole, name: string, forms: string) => {
    const other = /other \{([^{}]*)\}/.exec(forms);
    return other ? other[1].replace(/#/g, `{${name}}`) : whole;
  });
}

export interface ErrorCodeRow {
  code: ErrorCode;
  status: string;
  /** The code's English message, then its reasons' more precise ones (HTTP_ERROR: `<status>: <message>` for each status). */
  messages: string[];
}

/**
 * The error codes of the registry, in its order, as the README's table and the docs page show
 * them: the status and the English message, the more precise messages of a code's reasons, and
 * for HTTP_ERROR (whose status is the HTTP layer's) each status with its message.
 */
export function errorCodeRows(): ErrorCodeRow[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => {
    if (code === 'HTTP_ERROR') {
      const statuses = Object.keys(HTTP_ERROR_MESSAGES);
      return { code, status: statuses.join(', '), messages: statuses.map((status) => `${status}: ${HTTP_ERROR_MESSAGES[Number(status)].en}`) };
    }
    const definition = ERROR_CODES[code];
    const reasons =
      'reasons' in definition && definition.reasons ? Object.values(definition.reasons as Record<string, { en: string }>).map((reason) => reason.en) : [];
    return { code, status: String(definition.status), messages: [definition.message.en, ...reasons].map(readableMessage) };
  });
}

/** The README's markdown table of every code. */
export function errorCodesMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ');
  const rows = ['| code | status | message (English; French with `Accept-Language: fr`) |', '|---|---|---|'];
  for (const { code, status, messages } of errorCodeRows()) {
    const [first, ...more] = messages;
    const text = code === 'HTTP_ERROR' ? messages.join(' · ') : [first, ...more.map((reason) => `or, saying what is wrong: ${reason}`)].join(' · ');
    rows.push(`| \`${code}\` | ${status} | ${cell(text)} |`);
  }
  return rows.join('\n');
}
