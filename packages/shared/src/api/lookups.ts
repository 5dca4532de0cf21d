import { z } from 'zod';
import { defineCall, emptyRequest, idField } from './call.js';
import { lookupCallPaths } from './call-paths.js';

export const target = z.object({ targetId: z.number().int(), target: z.string() });
export const category = z.object({ subcategoryId: z.number().int(), subcategory: z.string() });
export const product = z.object({ productId: z.number().int(), product: z.string(), subcategoryId: z.number().int() });
export type Target = z.infer<typeof target>;
export type Category = z.infer<typeof category>;
export type Product = z.infer<typeof product>;

export const lookupCalls = {
  targets: defineCall({
    ...lookupCallPaths.targets,
    summary: 'Target industries',
    request: emptyRequest,
    response: z.object({ targets: z.array(target) }),
  }),
  categories: defineCall({
    ...lookupCallPaths.categories,
    summary: 'Product categories',
    request: emptyRequest,
    response: z.object({ categories: z.array(category) }),
  }),
  products: defineCall({
    ...lookupCallPaths.products,
    summary: 'Products, optionally of one category',
    request: z.strictObject({ subcategory_id: idField.optional() }),
    response: z.object({ products: z.array(product) }),
  }),
} as const;
