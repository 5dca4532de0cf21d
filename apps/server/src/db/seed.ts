import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';
import { productCategories, products, targets } from './schema/index.js';

// Lookups behind /target/list, /product/category/list and /product/list. Idempotent: runs at every start.

const TARGET_INDUSTRIES = [
  'Accounting',
  'Agriculture',
  'Automotive',
  'Banking & Financial Services',
  'Construction',
  'Education',
  'Energy & Utilities',
  'Government',
  'Healthcare',
  'Hospitality',
  'Insurance',
  'Legal Services',
  'Logistics & Transportation',
  'Manufacturing',
  'Media & Entertainment',
  'Non-profit',
  'Real Estate',
  'Retail',
  'Technology & Software',
  'Telecommunications',
];

const PRODUCTS_BY_CATEGORY: Record<string, string[]> = {
  'Business Services': ['Payroll Services', 'Commercial Cleaning', 'Staffing & Recruiting', 'Office Supplies'],
  'Financial Products': ['Commercial Insurance', 'Merchant Services', 'Business Loans', 'Employee Benefits'],
  'Marketing & Advertising': ['Digital Advertising', 'Print & Signage', 'SEO Services', 'Promotional Products'],
  Technology: ['Managed IT Services', 'Cloud Software (SaaS)', 'Cybersecurity', 'Telephony & VoIP'],
  'Facilities & Equipment': ['Commercial HVAC', 'Solar Energy Systems', 'Security Systems', 'Copiers & Printers'],
  'Real Estate': ['Commercial Leasing', 'Property Management', 'Commercial Mortgages'],
};

export async function seedLookups(db: NodePgDatabase<typeof schema>): Promise<void> {
  await db
    .insert(targets)
    .values(TARGET_INDUSTRIES.map((name) => ({ name })))
    .onConflictDoNothing();
  for (const [category, names] of Object.entries(PRODUCTS_BY_CATEGORY)) {
    await db.insert(productCategories).values({ name: category }).onConflictDoNothing();
    const [row] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.name, category));
    await db
      .insert(products)
      .values(names.map((name) => ({ name, categoryId: row!.id })))
      .onConflictDoNothing();
  }
}
