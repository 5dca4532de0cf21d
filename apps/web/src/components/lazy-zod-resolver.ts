import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

// A react-hook-form resolver over a shared form schema that loads the schema, zod and the zod
// resolver on first use, so they stay out of a screen's first load (the sign-in screen's:
// docs/decisions/performance.md). The form validates exactly as with zodResolver(schema); a
// screen starts the load once it has shown (useLoadResolver), so the first submit seldom waits.

export interface LazyResolver<Input extends FieldValues, Output> extends Resolver<Input, unknown, Output> {
  load(): Promise<Resolver<Input, unknown, Output>>;
}

export function lazyZodResolver<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyResolver<z.input<Schema>, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loading: Promise<Loaded> | null = null;
  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded,
    );
    // A failed download may be tried again.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { load });
}

/** Starts loading a lazy resolver once the screen has shown. */
export function useLoadResolver(resolver: { load(): Promise<unknown> }): void {
  useEffect(() => {
    resolver.load().catch(() => {
      // Tried again on the first validation.
    });
  }, [resolver]);
}
