import { isLive } from './answers.ts';
import { notFound } from './envelope.ts';
import { findById } from './find-by-id.ts';
import type { ServedProduct, Tenant } from './tenant.ts';

/** The product a path names, or 404 `Resource not found.` (also when soft-deleted). */
export function findLiveProduct(tenant: Tenant, productId: string | undefined): ServedProduct {
  const product = productId === undefined ? undefined : findById(tenant.products, productId);
  if (!product || !isLive(product)) throw notFound();
  return product;
}
