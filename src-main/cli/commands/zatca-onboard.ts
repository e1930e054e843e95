/**
 * `pos zatca --db FILE onboard --otp CODE [--env ENV | --url URL] [--json]`:
 * onboards the till's EGS unit (src-main/zatca/onboard-egs.ts) and says
 * where it stands. Exit 0 when onboarded, 1 when ZATCA or the network
 * refused (the message says what to do), 2 for a wrong call.
 */
import { openDatabase } from '../../db/index.ts';
import { FileSecretStore } from '../../secrets/index.ts';
import { onboardEgs, OnboardError, ZATCA_ENVIRONMENTS, ZatcaApiError, type OnboardStep, type ZatcaEnvironment, zatcaUrlProblem } from '../../zatca/index.ts';
import { UsageError, type CliIo } from '../cli-io.ts';

const STEP_TEXT: Record<OnboardStep, string> = {
  'compliance-csid': 'Asking ZATCA for the compliance CSID…',
  'compliance-checks': 'Running the compliance checks (simplified invoice, credit note, debit note)…',
  'production-csid': 'Asking ZATCA for the production CSID…',
  saved: 'Saved the key, the CSID secret and the EGS unit.',
};

export interface ZatcaOnboardArgs {
  db: string;
  otp: string | undefined;
  env: string | undefined;
  url: string | undefined;
  json: boolean;
}

export async function zatcaOnboard(args: ZatcaOnboardArgs, io: CliIo, now: () => number): Promise<number> {
  const otp = args.otp?.trim();
  if (!otp) throw new UsageError('pos zatca onboard: --otp is required (the one-time password from the FATOORA portal)');
  if (!/^\d{6}$/.test(otp)) throw new UsageError(`pos zatca onboard: --otp must be the 6 digits the FATOORA portal shows, got "${otp}"`);
  if (args.env !== undefined && !(ZATCA_ENVIRONMENTS as readonly string[]).includes(args.env)) {
    throw new UsageError(`pos zatca onboard: --env must be one of ${ZATCA_ENVIRONMENTS.join(', ')}, got "${args.env}"`);
  }
  const urlRefused = args.url === undefined ? null : zatcaUrlProblem(args.url);
  if (urlRefused) throw new UsageError(`pos zatca onboard: --url must be an https URL (http on loopback for a stand-in): ${urlRefused}`);
  const db = openDatabase(args.db);
  try {
    const egs = await onboardEgs(
      { db, secrets: new FileSecretStore(db), now, ...(args.json ? {} : { onStep: (step: OnboardStep) => io.err(STEP_TEXT[step]) }) },
      { otp, ...(args.env ? { environment: args.env as ZatcaEnvironment } : {}), ...(args.url ? { baseUrl: args.url } : {}) },
    );
    if (args.json) {
      io.out(
        JSON.stringify({
          onboarded: true,
          environment: egs.environment,
          egs: egs.common_name,
          base_url: egs.base_url,
          csid_expires_at: egs.certificate_expires_at,
          next_icv: egs.next_icv,
          last_hash: egs.last_hash,
        }),
      );
    } else {
      io.out(
        [
          `Onboarded EGS unit ${egs.common_name} with ZATCA (${egs.environment}, ${egs.base_url}).`,
          `The CSID expires ${new Date(egs.certificate_expires_at).toISOString().slice(0, 10)}. Next ICV ${egs.next_icv}; the invoice chain carries on from hash ${egs.last_hash}.`,
          'Checkouts are signed from now on (phase 2, nine-tag QR).',
        ].join('\n'),
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ZatcaApiError || error instanceof OnboardError)) throw error;
    if (args.json) {
      const kind = error instanceof ZatcaApiError ? error.kind : 'onboarding';
      io.out(JSON.stringify({ onboarded: false, kind, error: error.message, error_ar: error.arabic }));
    }
    io.err(`pos zatca onboard: ${error.message}`);
    return 1;
  } finally {
    db.close();
  }
}
