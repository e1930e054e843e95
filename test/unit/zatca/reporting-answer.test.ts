// What ZATCA's answer proves about one document: only an answer that says
// so for the document counts (ZATCA's documented status shapes, and its
// 409 for a hash it already has).
import { describe, expect, it } from 'vitest';
import { judgeZatcaReply } from '../../../src-main/zatca/reporting-answer.ts';
import type { ZatcaReply } from '../../../src-main/zatca/zatca-http.ts';

const answer = (status: number, body: unknown, retryAfter: string | null = null): ZatcaReply => ({
  answered: true,
  status,
  body,
  text: JSON.stringify(body),
  retryAfter,
});
const warning = { type: 'WARNING', code: 'BR-KSA-08', category: 'KSA', message: 'The seller identification is missing', status: 'WARNING' };
const error = { type: 'ERROR', code: 'BR-KSA-27', category: 'KSA', message: 'The invoice total is wrong', status: 'ERROR' };
const results = (extra: object) => ({ infoMessages: [], warningMessages: [], errorMessages: [], status: 'PASS', ...extra });

describe('judging a reporting answer', () => {
  it('counts 200 and 202 as reported only with reportingStatus REPORTED, keeping the warnings', () => {
    expect(judgeZatcaReply('reporting', answer(200, { validationResults: results({}), reportingStatus: 'REPORTED' }))).toMatchObject({
      outcome: 'accepted',
      zatcaStatus: 'REPORTED',
    });
    const warned = judgeZatcaReply(
      'reporting',
      answer(202, { validationResults: results({ warningMessages: [warning], status: 'WARNING' }), reportingStatus: 'REPORTED' }),
    );
    expect(warned).toMatchObject({ outcome: 'accepted', messages: { warnings: [warning], errors: [] } });
  });

  it('does not count a 200 that does not say REPORTED, nor one that says it of clearance', () => {
    for (const body of [{}, { validationResults: results({}) }, { reportingStatus: 'NOT_REPORTED' }, { clearanceStatus: 'CLEARED' }, null]) {
      const verdict = judgeZatcaReply('reporting', answer(200, body));
      expect(verdict.outcome).toBe('retry');
      expect(verdict).toMatchObject({ online: true });
    }
  });

  it('reads 400 NOT_REPORTED as a rejection with ZATCA errors, and a bare 400 as no evidence', () => {
    const rejected = judgeZatcaReply(
      'reporting',
      answer(400, { validationResults: results({ errorMessages: [error], status: 'ERROR' }), reportingStatus: 'NOT_REPORTED' }),
    );
    expect(rejected).toMatchObject({ outcome: 'rejected', zatcaStatus: 'NOT_REPORTED', messages: { errors: [error] } });
    expect(rejected.outcome === 'rejected' && rejected.reason).toContain('BR-KSA-27: The invoice total is wrong');
    expect(judgeZatcaReply('reporting', answer(400, { message: 'bad gateway page' })).outcome).toBe('retry');
  });

  it('counts a 409 naming the document a duplicate as reported (ZATCA: stop resending it), in both shapes ZATCA has sent', () => {
    const duplicate = {
      type: 'ERROR',
      code: 'Invoice-Errors',
      category: 'Duplicate-Invoice',
      message: 'Invoice was already Reported successfully earlier.',
      status: 'ERROR',
    };
    const nested = judgeZatcaReply(
      'reporting',
      answer(409, { validationResults: results({ errorMessages: [duplicate], status: 'ERROR' }), reportingStatus: 'NOT_REPORTED' }),
    );
    expect(nested).toMatchObject({ outcome: 'accepted' });
    const flat = judgeZatcaReply(
      'reporting',
      answer(409, { errorMessages: [{ ...duplicate, message: 'Invoice Hash Previously Submitted' }], reportingStatus: 'REPORTED_SUCCESSFULLY_EARLIER' }),
    );
    expect(flat).toMatchObject({ outcome: 'accepted' });
    // A 409 that names no duplicate proves nothing.
    expect(judgeZatcaReply('reporting', answer(409, { message: 'conflict' })).outcome).toBe('retry');
  });

  it('pauses on 401, and retries 5xx, 429 (with Retry-After) and no answer at all (offline)', () => {
    expect(judgeZatcaReply('reporting', answer(401, {})).outcome).toBe('unauthenticated');
    expect(judgeZatcaReply('reporting', answer(503, { message: 'down' }))).toMatchObject({ outcome: 'retry', online: true });
    expect(judgeZatcaReply('reporting', answer(429, {}, '30'))).toMatchObject({ outcome: 'retry', retryAfter: '30' });
    expect(judgeZatcaReply('reporting', { answered: false, reason: 'ZATCA could not be reached (ECONNREFUSED)' })).toMatchObject({
      outcome: 'retry',
      online: false,
    });
  });

  it('reads a single info message object as a list of one (ZATCA sends either)', () => {
    const info = { type: 'INFO', code: 'XSD_ZATCA_VALID', category: 'XSD validation', message: 'Complied with UBL 2.1 standards', status: 'PASS' };
    const verdict = judgeZatcaReply('reporting', answer(200, { validationResults: { ...results({}), infoMessages: info }, reportingStatus: 'REPORTED' }));
    expect(verdict).toMatchObject({ outcome: 'accepted', messages: { info: [info] } });
  });

  it('reads clearance with clearanceStatus CLEARED and the cleared invoice', () => {
    const cleared = judgeZatcaReply('clearance', answer(200, { validationResults: results({}), clearanceStatus: 'CLEARED', clearedInvoice: 'PD94bWw=' }));
    expect(cleared).toMatchObject({ outcome: 'accepted', zatcaStatus: 'CLEARED', clearedInvoice: 'PD94bWw=' });
    expect(judgeZatcaReply('clearance', answer(200, { reportingStatus: 'REPORTED' })).outcome).toBe('retry');
    expect(judgeZatcaReply('clearance', answer(400, { validationResults: results({ errorMessages: [error] }), clearanceStatus: 'NOT_CLEARED' })).outcome).toBe(
      'rejected',
    );
  });
});
