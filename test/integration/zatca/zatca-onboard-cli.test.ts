// `pos zatca onboard` and `pos demo` through the real CLI against the ZATCA
// stand-in over loopback, with a real SQLite file: as a child process where
// the process matters (exit codes, stdout and stderr), in this process
// (main(), the same code) for the rest, since each child takes long to
// start on a loaded machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZatcaStandIn, type RunningZatcaStandIn } from '../../../emulator/zatca/start-zatca-stand-in.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { runPos } from '../../support/run-pos.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { setTestSeller } from '../../support/zatca-egs.ts';
import { posInProcess } from '../../support/pos-in-process.ts';

let zatca: RunningZatcaStandIn;
const dir = tempDir('till-zatca-cli-');
const dbFile = dir.file('till.db');
beforeAll(async () => {
  zatca = await startZatcaStandIn();
  const db = openDatabase(dbFile);
  setTestSeller(db);
  db.close();
});
afterAll(async () => {
  await zatca.close();
  dir.cleanup();
});

const pos = (...args: string[]) => posInProcess(args);

const SPAWN = { timeout: 600_000 };

describe('pos zatca onboard', () => {
  it('is a usage error (exit 2) without --otp, with a malformed one, or with an unknown --env', async () => {
    const none = await pos('zatca', '--db', dbFile, 'onboard', '--url', zatca.url);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--otp is required/);
    const letters = await pos('zatca', '--db', dbFile, 'onboard', '--otp', 'abc', '--url', zatca.url);
    expect(letters.code).toBe(2);
    const env = await pos('zatca', '--db', dbFile, 'onboard', '--otp', '123456', '--env', 'staging');
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/--env must be one of sandbox, simulation, production/);
  });

  it('exits 1 with what to do when ZATCA refuses the OTP', SPAWN, async () => {
    const wrong = await runPos(['zatca', '--db', dbFile, 'onboard', '--otp', '654321', '--url', zatca.url]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/did not accept the one-time password .*Take a new OTP from the FATOORA portal/);
    const json = await pos('zatca', '--db', dbFile, 'onboard', '--otp', '654321', '--url', zatca.url, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ onboarded: false, kind: 'invalid-otp', error_ar: expect.stringMatching(/رمز/) });
  });

  it('onboards with the right OTP: each step said, then the unit; status shows it', SPAWN, async () => {
    const human = await runPos(['zatca', '--db', dbFile, 'onboard', '--otp', zatca.otp, '--url', zatca.url]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toMatch(/compliance CSID[\s\S]*compliance checks[\s\S]*production CSID/);
    expect(human.stdout).toMatch(/^Onboarded EGS unit Till-[0-9a-f-]{36} with ZATCA \(sandbox, http:\/\/127\.0\.0\.1:\d+\/e-invoicing\/developer-portal\)\./);
    const json = await pos('zatca', '--db', dbFile, 'onboard', '--otp', zatca.otp, '--url', zatca.url, '--json');
    expect(json.code).toBe(0);
    const onboarded = JSON.parse(json.stdout);
    expect(onboarded).toMatchObject({ onboarded: true, environment: 'sandbox', base_url: zatca.url, next_icv: 1 });
    const status = JSON.parse((await pos('zatca', '--db', dbFile, 'status', '--json')).stdout);
    expect(status).toMatchObject({ onboarded: true, egs: onboarded.egs, environment: 'sandbox', next_icv: 1, documents: 0 });
  });
});

describe('pos demo', () => {
  it('onboards the demo till against its own stand-in', SPAWN, async () => {
    const demoDb = dir.file('demo.db');
    const demo = await runPos(['demo', '--no-wait', '--db', demoDb]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stderr).toMatch(/ZATCA stand-in running at http:\/\/127\.0\.0\.1:\d+\/e-invoicing\/developer-portal/);
    expect(demo.stdout).toMatch(/ZATCA: EGS unit Till-\S+ onboarded \(sandbox\)/);
    const status = JSON.parse((await pos('zatca', '--db', demoDb, 'status', '--json')).stdout);
    expect(status).toMatchObject({ onboarded: true, environment: 'sandbox' });
  });
});
