import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { productCategories, products, targets } from '../../db/schema/index.js';

// Lookup tables are small (tens of rows) and read whole.

export function listTargets(db: DbOrTx) {
  return db.select({ targetId: targets.id, target: targets.name }).from(targets).orderBy(asc(targets.name));
}

export function listCategories(db: DbOrTx) {
  return db
    .select({ subcategoryId: productCategories.id, subcategory: productCategories.name })
    .from(productCategories)
    .orderBy(asc(productCategories.name));
}

export function listProducts(db: DbOrTx, categoryId?: number) {
  const query = db
    .select({ productId: products.id, product: products.name, subcategoryId: products.categoryId })
    .from(products);
  return (categoryId === undefined ? query : query.where(eq(products.categoryId, categoryId))).orderBy(
    asc(products.name),
  );
}

export async function findProductName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id));
  return row?.name;
}

export async function targetExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: targets.id }).from(targets).where(eq(targets.id, id));
  return row !== undefined;
}
