import { type FormEvent, useCallback, useRef, useState } from 'react';

// A form for the screens that must not load react-hook-form: the sign-in screen, whose first load is
// budgeted (docs/decisions/performance.md). It validates as react-hook-form does with zodResolver in its
// default modes: the whole form on submit, then, once submitted, a field again on each change of it; a field
// shows its first issue's message. The schema (and zod) load when a field first changes, so a visitor who
// only looks does not download them.

type Values = Record<string, unknown>;
export type FormErrors<V extends Values> = Partial<Record<keyof V, string>>;
type Checked<V extends Values, Output> = { valid: true; data: Output } | { valid: false; errors: FormErrors<V> };

/** What the form needs of a zod schema, without importing zod. */
interface SafeParsing<Output> {
  safeParseAsync(
    value: unknown,
  ): Promise<
    { success: true; data: Output } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  >;
}

export interface LazyValidator<V extends Values, Output> {
  load(): Promise<unknown>;
  validate(values: V): Promise<Checked<V, Output>>;
}

/** A validator over a schema loaded on first use (a failed download is tried again next time). */
export function lazySchemaValidator<V extends Values, Output>(
  loadSchema: () => Promise<SafeParsing<Output>>,
): LazyValidator<V, Output> {
  let loading: Promise<SafeParsing<Output>> | null = null;
  const load = () => {
    loading ??= loadSchema();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    load,
    async validate(values) {
      const result = await (await load()).safeParseAsync(values);
      if (result.success) return { valid: true, data: result.data };
      const errors: FormErrors<V> = {};
      for (const issue of result.error.issues) {
        const field = issue.path.map(String).join('.') as keyof V;
        errors[field] ??= issue.message;
      }
      return { valid: false, errors };
    },
  };
}

export function useLightForm<V extends Values, Output>(validator: LazyValidator<V, Output>, defaultValues: () => V) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const latest = useRef(values);
  const isSubmitted = useRef(false);

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      // Typing has started: the schema loads now, so the first submit seldom waits for it.
      validator.load().catch(() => {
        // Tried again on the first validation.
      });
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      if (!isSubmitted.current) return;
      void validator.validate(next).then((checked) => {
        if (latest.current !== next) return;
        setErrors((current) => ({ ...current, [name]: checked.valid ? undefined : checked.errors[name] }));
      });
    },
    [validator],
  );

  /** Validates the whole form; `onValid` gets the schema's output when it passes. */
  const handleSubmit = (onValid: (data: Output) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    isSubmitted.current = true;
    const checked = await validator.validate(latest.current);
    setErrors(checked.valid ? {} : checked.errors);
    if (checked.valid) await onValid(checked.data);
  };

  return { values, errors, setValue, handleSubmit };
}
