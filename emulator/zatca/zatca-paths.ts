/**
 * Where the stand-in serves ZATCA's e-invoicing API: the three base paths
 * ZATCA publishes (developer portal = sandbox, simulation, core =
 * production) and the five routes under each. Each base path expects CSRs
 * made for its own environment's certificate template.
 */
export const ZATCA_BASE_PATHS = {
  sandbox: '/e-invoicing/developer-portal',
  simulation: '/e-invoicing/simulation',
  production: '/e-invoicing/core',
} as const;

export type StandInEnvironment = keyof typeof ZATCA_BASE_PATHS;

/** The certificate template name (CSR extension 1.3.6.1.4.1.311.20.2) each environment issues for. */
export const CERTIFICATE_TEMPLATES: Record<StandInEnvironment, string> = {
  sandbox: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

export const ZATCA_ROUTES = {
  complianceCsid: '/compliance',
  complianceInvoices: '/compliance/invoices',
  productionCsid: '/production/csids',
  reporting: '/invoices/reporting/single',
  clearance: '/invoices/clearance/single',
} as const;

export type ZatcaRoute = (typeof ZATCA_ROUTES)[keyof typeof ZATCA_ROUTES];
