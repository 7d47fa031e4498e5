import type { ComponentChildren, PartialInputHTMLAttributes, TargetedInputEvent } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError, NETWORK_ERROR } from './api';
import { Strings } from './i18n/en';
import { formats, useI18n } from './i18n';

/** What to tell the reader about a failed call: the server's message (in the page's language) or ours. */
export function errorText(error: unknown, t: Strings): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t.networkError;
    return error.message;
  }
  return String((error as Error)?.message ?? error);
}

/** The page's `<h1>`: the document's title too, and where focus goes after moving to another page. */
export function PageTitle({ children, title }: { children: ComponentChildren; title: string }) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${title} · ${t.brand}`;
  }, [title, t]);
  return (
    <h1 tabIndex={-1} id="page-title">
      {children}
    </h1>
  );
}

interface FieldProps {
  label: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'date';
  autoComplete?: string;
  maxLength?: number;
  hint?: string;
  /** the server's messages for the field (VALIDATION_FAILED) */
  errors?: string[];
  value: string;
  onValue: (value: string) => void;
  optional?: boolean;
}

/** Preact types each input type with the ARIA roles it may take, so the type is written out, not passed as a variable. */
function typedInput(type: NonNullable<FieldProps['type']>, props: Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  switch (type) {
    case 'password':
      return <input type="password" {...props} />;
    case 'email':
      return <input type="email" {...props} />;
    case 'url':
      return <input type="url" {...props} />;
    case 'date':
      return <input type="date" {...props} />;
    default:
      return <input type="text" {...props} />;
  }
}

/** An input with its label, an optional hint and the server's messages for it, tied together for screen readers. */
export function Field({ label, hint, errors, value, onValue, optional, type = 'text', autoComplete, maxLength }: FieldProps) {
  const { t } = useI18n();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const input = {
    id,
    autoComplete,
    maxLength,
    value,
    onInput: (event: TargetedInputEvent<HTMLInputElement>) => onValue(event.currentTarget.value),
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': described,
    required: !optional,
  };
  return (
    <div class="field">
      <label for={id}>
        {label}
        {optional ? <span class="optional"> ({t.optional})</span> : null}
      </label>
      {typedInput(type, input)}
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  errors,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: [string, string][];
  errors?: string[];
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      >
        {options.map(([optionValue, text]) => (
          <option value={optionValue} key={optionValue}>
            {text}
          </option>
        ))}
      </select>
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** A failure to read out at once. */
export function Alert({ children }: { children: ComponentChildren }) {
  return children ? (
    <div class="alert" role="alert">
      {children}
    </div>
  ) : null;
}

/** A success or progress line, read out politely. */
export function Status({ children }: { children: ComponentChildren }) {
  return (
    <p class="status" role="status">
      {children}
    </p>
  );
}

/**
 * A form's state: its values, the server's messages per field (VALIDATION_FAILED) and for the
 * whole form, and whether it is being sent. `submit` runs the call and sorts its error out.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const { t } = useI18n();
  const [values, setValues] = useState<T>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string>('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const set = useCallback((name: keyof T) => (value: string) => setValues((current) => ({ ...current, [name]: value })), []);
  const submit = (action: (values: T) => Promise<void>) => async (event?: Event) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldErrors({});
    setFormError('');
    setFailure(null);
    try {
      await action(values);
    } catch (error) {
      if (error instanceof ApiError) setFailure(error);
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Object.keys(error.errors).length) setFieldErrors(error.errors);
      else setFormError(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return { values, set, setValues, fieldErrors, formError, failure, busy, submit };
}

/** Something the page reads when it shows, again when `deps` change or on `reload()`. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const { t } = useI18n();
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const run = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const value = await load();
      if (mine !== generation.current) return;
      setData(value);
      setError('');
    } catch (failure) {
      if (mine !== generation.current) return;
      setError(errorText(failure, t));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
    // the loader is new at each render; what it depends on is `deps`
  }, [...deps, t]);
  useEffect(() => {
    void run();
  }, [run]);
  return { data, error, loading, reload: run, setData };
}

/** What useLoad gives while there is nothing to show yet: a loading line or the error. */
export function Loading({ error }: { error?: string }) {
  const { t } = useI18n();
  return error ? <Alert>{error}</Alert> : <p class="loading">{t.loading}</p>;
}

export function DateTime({ value, fallback }: { value: string | null | undefined; fallback?: string }) {
  const { language } = useI18n();
  if (!value) return <>{fallback ?? ''}</>;
  return <time dateTime={value}>{formats(language).dateTime(value)}</time>;
}

/** The heading of a panel that opens on a click (a confirmation, a secret): focus moves to it, so that keyboard and screen reader users land there. */
export function FocusedHeading({ id, children }: { id: string; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 id={id} tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}

/** A secret shown once: masked until revealed, copied with one button, gone once the reader says it is stored. */
export function SecretPanel({
  title,
  items,
  onDone,
  children,
}: {
  title: string;
  items: { label: string; value: string; secret?: boolean }[];
  onDone: () => void;
  children?: ComponentChildren;
}) {
  const { t } = useI18n();
  return (
    <section class="secret-panel" aria-labelledby="secret-title">
      <FocusedHeading id="secret-title">{title}</FocusedHeading>
      <p>{t.shownOnce}</p>
      {items.map((item) => (
        <SecretValue key={item.label} {...item} />
      ))}
      {children}
      <button type="button" class="primary" onClick={onDone}>
        {t.done}
      </button>
    </section>
  );
}

function SecretValue({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  const { t } = useI18n();
  const id = useId();
  const [shown, setShown] = useState(!secret);
  const [copyStatus, setCopyStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopyStatus(t.copied);
    } catch {
      setShown(true);
      input.current?.select();
      setCopyStatus(t.copyFailed);
    }
  };
  return (
    <div class="field secret">
      <label for={id}>{label}</label>
      <div class="secret-row">
        {/* two elements, not one with a changing type: each input type takes its own ARIA roles */}
        {shown ? (
          <input id={id} ref={input} type="text" readOnly value={value} spellcheck={false} autoComplete="off" class="mono" />
        ) : (
          <input id={id} ref={input} type="password" readOnly value={value} autoComplete="off" class="mono" />
        )}
        {secret ? (
          <button type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? t.hide : t.reveal}
          </button>
        ) : null}
        <button type="button" onClick={copy} aria-label={`${t.copy} (${label})`}>
          {t.copy}
        </button>
      </div>
      <p class="hint" role="status">
        {copyStatus}
      </p>
    </div>
  );
}

export function Pager({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={t.pageOf(page, pages)}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previousPage}
      </button>
      <span>{t.pageOf(page, pages)}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.nextPage}
      </button>
    </nav>
  );
}

/** `YYYY-MM-DD` of a date input as the start of that day in the reader's time zone, ISO. */
export function startOfDay(date: string): string | undefined {
  return date ? new Date(`${date}T00:00:00`).toISOString() : undefined;
}

/** The day after `YYYY-MM-DD` (an inclusive "to" date as an exclusive bound), ISO. */
export function endOfDay(date: string): string | undefined {
  if (!date) return undefined;
  const day = new Date(`${date}T00:00:00`);
  day.setDate(day.getDate() + 1);
  return day.toISOString();
}
