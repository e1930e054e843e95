// Issue 23: what the host says went wrong reaches the cashier as codes and
// values, worded in the UI's language; no method or field names, no English
// inside Arabic. The errors cross the same wire (toWireError/fromWireError)
// the till API uses.
import { describe, expect, it } from 'vitest';
import { translate, type Locale } from '../../../src-shared/i18n/index.ts';
import { fromWireError, parseInput, toWireError } from '../../../src-shared/api/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import { describeError, wordLine, type ErrorText } from '../../../src-renderer/state/describe-error.ts';

/** What a Notice shows: the message and its detail lines, in one language. */
function shown(text: ErrorText, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(locale, key, params);
  return [t(text.key, text.params), ...(text.lines ?? []).map((line) => wordLine(t, line))].join(' | ');
}

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return fromWireError(toWireError(error));
  }
  throw new Error('did not throw');
}

const RECEIPT = { seller_name_en: '', seller_name_ar: '', logo_file: '', header_en: '', header_ar: '', footer_en: '', footer_ar: '' };

describe('input errors travel as codes and are worded in the UI language', () => {
  it('a wrong VAT number reads in Arabic, with no method or field name', () => {
    const error = thrownBy(() => parseInput('saveReceiptSettings', { ...RECEIPT, vat_number: '12345' }));
    const text = describeError(error);
    const arabic = shown(text, 'ar');
    expect(arabic).toContain('الرقم الضريبي');
    expect(arabic).toContain('15 رقماً');
    expect(arabic).not.toMatch(/saveReceiptSettings|vat_number|[A-Za-z]{4,}/);
    expect(shown(text, 'en')).toContain('VAT number: 15 digits that start and end with 3');
  });

  it('a length bound keeps its number and its words in each language', () => {
    const text = describeError(thrownBy(() => parseInput('saveReceiptSettings', { ...RECEIPT, vat_number: '', header_en: 'x'.repeat(201) })));
    expect(shown(text, 'en')).toContain('Header (English): too long (at most 200 characters)');
    expect(shown(text, 'ar')).toContain('الترويسة (بالإنجليزية): طويل جداً (على الأكثر 200 حرفاً)');
  });

  it('a nested path shows its field, never its index', () => {
    const text = describeError(thrownBy(() => parseInput('checkout', { payments: [{ method_key: 'CASH', amount: -5 }] })));
    expect(shown(text, 'ar')).toContain('المبلغ');
    expect(shown(text, 'en')).not.toMatch(/payments\.0|checkout/);
  });
});

describe('host reasons', () => {
  it('a refused printer address names the address, isolated left to right inside Arabic', () => {
    const error = fromWireError(
      toWireError(
        new TillError('invalid_input', 'printer address "tcp://169.254.169.254:80" is not allowed: link-local', {
          code: 'printer.address-not-allowed',
          params: { address: 'tcp://169.254.169.254:80' },
        }),
      ),
    );
    const arabic = shown(describeError(error), 'ar');
    expect(arabic).toContain('\u2066tcp://169.254.169.254:80\u2069');
    expect(arabic).not.toContain('not allowed');
  });

  it('a refusal names the action in the UI language', () => {
    const error = fromWireError(
      toWireError(new TillError('not_allowed', 'Not allowed: a refund needs …', { code: 'approval.needed', params: { action: 'refund' } })),
    );
    expect(shown(describeError(error), 'ar')).toContain('الاسترجاع يحتاج موافقة المدير');
    expect(shown(describeError(error), 'en')).toContain('A refund needs a manager’s approval');
  });

  it('an error with no code keeps its English line for English only', () => {
    const text = describeError(fromWireError(toWireError(new TillError('invalid_input', 'something the host said'))));
    expect(text.detail).toBe('something the host said');
    expect(text.lines).toBeUndefined();
  });

  it("every code the host sends has words, the service's failures too", () => {
    const wire = (code: ConstructorParameters<typeof TillError>[0], message: string) => describeError(fromWireError(toWireError(new TillError(code, message))));
    expect(wire('service_unreachable', 'connect ECONNREFUSED').key).toBe('error.unreachable');
    expect(wire('service_error', 'HTTP 503 from /orders').key).toBe('error.service');
    const version = wire('service_version', 'the service no longer supports 2.0.0');
    expect(shown(version, 'ar')).toContain('2.0.0');
    expect(shown(version, 'ar')).not.toContain('{detail}');
  });

  it("a JavaScript bug on the host is never worded as the cashier's bad input", () => {
    expect(describeError(fromWireError(toWireError(new RangeError('Invalid array length')))).key).toBe('error.unknown');
  });
});
