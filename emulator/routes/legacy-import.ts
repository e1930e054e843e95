import { ServiceError } from '../envelope.ts';
import type { RequestContext, RouteSpec } from '../route-spec.ts';

const REMOVED_IN = '2.5.0';

/**
 * The legacy product import never works: below 2.5.0 it asks the client to
 * upgrade (426), from 2.5.0 it is gone (410); both bodies point at the
 * bulk-job replacement (spec, "Errors"; emulator/README.md, 6).
 */
function refuse(context: RequestContext): never {
  const replacement = {
    import_url: `${context.baseUrl}/bulk/products/import`,
    template_url: `${context.baseUrl}/bulk/products/import/template`,
    upload_url: `${context.baseUrl}/bulk/products/import/upload-url`,
    status_url: `${context.baseUrl}/bulk-jobs`,
    removed_in: REMOVED_IN,
  };
  if (context.features.importRemoved) {
    throw new ServiceError(410, `This operation was removed in ${REMOVED_IN}; use the bulk import.`, replacement);
  }
  throw new ServiceError(426, `This operation requires API version ${REMOVED_IN} or higher.`, replacement);
}

const legacy = (method: 'GET' | 'POST', url: string): RouteSpec => ({
  method,
  url,
  permission: 'write',
  gate: refuse,
  handle: refuse,
});

export const legacyImportRoutes: RouteSpec[] = [
  legacy('GET', '/import/products'),
  legacy('POST', '/import/products'),
  legacy('GET', '/import/products/full'),
  legacy('POST', '/import/products/full'),
  legacy('GET', '/import/products/template'),
  legacy('GET', '/import/products/full/template'),
];
