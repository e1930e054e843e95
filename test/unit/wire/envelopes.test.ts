import { describe, it, expect } from 'vitest';
import { parseErrorEnvelope, parseListPage, parseMe } from '../../../src-shared/wire/index.ts';
import { customerCanonical, customerWire, detailBody, listBody, meWire, printerCanonical, printerWire, productCanonical, productWire } from './samples.ts';

describe('the pagination envelope', () => {
  it('reports the page the service answered, whatever per_page was asked for', () => {
    const body = listBody([productWire['2.5.0']], {
      current_page: 3,
      last_page: 200,
      per_page: 500,
      total: 99_999,
      from: 1001,
      to: 1001,
      next_page_url: 'http://127.0.0.1:8080/api/v2/products?page=4',
      prev_page_url: 'http://127.0.0.1:8080/api/v2/products?page=2',
    });
    expect(parseListPage('products', '2.5.0', body, 3).info).toStrictEqual({
      current_page: 3,
      last_page: 200,
      per_page: 500,
      total: 99_999,
    });
  });

  it('accepts an empty list', () => {
    const page = parseListPage('printers', '2.5.0', listBody([], { from: null, to: null }), 1);
    expect(page.records).toStrictEqual([]);
    expect(page.info.total).toBe(0);
  });
});

describe('unknown members are tolerated and left out of the records', () => {
  it('in the envelope, the records and nested objects', () => {
    const body = listBody([
      {
        ...productWire['2.5.0'],
        kitchen_id: 'k-1',
        tags: ['new'],
        modifiers: [{ ...(productWire['2.5.0'].modifiers as object[])[0], calories: 10 }],
        prices: (productWire['2.5.0'].prices as object[]).map((p) => ({ ...p, currency: 'SAR' })),
      },
    ]);
    const withExtras = {
      ...body,
      debug: { took_ms: 3 },
      meta: { ...(body.meta as object), request_id: 'r-1' },
      data: {
        ...(body.data as object),
        links: [{ url: null, label: '1', active: true, page: 1 }],
        extra: true,
      },
    };
    expect(parseListPage('products', '2.5.0', withExtras, 1).records).toStrictEqual([productCanonical]);
  });

  it('in printer settings and customer userables', () => {
    const printer = { ...printerWire['2.5.0'], settings: { ...(printerWire['2.5.0'].settings as object), BUZZER: true } };
    expect(parseListPage('printers', '2.5.0', listBody([printer]), 1).records).toStrictEqual([printerCanonical]);
    const customer = { ...customerWire, gender: 'F', userable: { ...customerWire.userable, tier: 'GOLD' } };
    expect(parseListPage('customers', '2.5.0', listBody([customer]), 1).records).toStrictEqual([customerCanonical]);
  });

  it('in /me', () => {
    const body = detailBody({ ...meWire, user: { ...meWire.user, email: 'owner@example.com' }, plan: 'PRO' });
    expect(parseMe(body)).toStrictEqual(meWire);
  });
});

describe('parseErrorEnvelope', () => {
  it('reads a plain error', () => {
    const body = { meta: { code: 401, status: 'error', message: 'Unauthenticated.' }, data: null };
    expect(parseErrorEnvelope(body)).toStrictEqual(body);
  });

  it('reads a 422 with its field errors', () => {
    const body = {
      meta: { code: 422, status: 'error', message: 'The per page field must be at least 1.' },
      data: null,
      errors: { per_page: ['The per page field must be at least 1.'], page: ['a', 'b'] },
    };
    expect(parseErrorEnvelope(body)?.errors).toStrictEqual({
      per_page: ['The per page field must be at least 1.'],
      page: ['a', 'b'],
    });
  });

  it.each([
    [426, 'This operation requires API version 2.5.0 or higher.'],
    [410, 'This operation was removed in 2.5.0; use the bulk import.'],
  ])('reads a %i with the replacement urls at the top level', (code, message) => {
    const body = {
      meta: { code, status: 'error', message },
      data: null,
      import_url: 'http://127.0.0.1:8080/api/v2/bulk/products/import',
      template_url: 'http://127.0.0.1:8080/api/v2/bulk/products/import/template',
      upload_url: 'http://127.0.0.1:8080/api/v2/bulk/products/import/upload-url',
      status_url: 'http://127.0.0.1:8080/api/v2/bulk-jobs',
      removed_in: '2.5.0',
    };
    const parsed = parseErrorEnvelope(body);
    expect(parsed?.meta).toStrictEqual({ code, status: 'error', message });
    expect(parsed?.import_url).toBe('http://127.0.0.1:8080/api/v2/bulk/products/import');
    expect(parsed?.template_url).toBe('http://127.0.0.1:8080/api/v2/bulk/products/import/template');
    expect(parsed?.upload_url).toBe('http://127.0.0.1:8080/api/v2/bulk/products/import/upload-url');
    expect(parsed?.status_url).toBe('http://127.0.0.1:8080/api/v2/bulk-jobs');
    expect(parsed?.removed_in).toBe('2.5.0');
  });

  it('answers null for anything that is not an error envelope', () => {
    expect(parseErrorEnvelope(listBody([]))).toBeNull();
    expect(parseErrorEnvelope({ meta: { code: 500, status: 'error', message: 'x' }, data: {} })).toBeNull();
    expect(parseErrorEnvelope({ meta: { code: 422, status: 'error', message: 'x' }, data: null, errors: { a: 'b' } })).toBeNull();
    expect(parseErrorEnvelope('<html>Bad gateway</html>')).toBeNull();
    expect(parseErrorEnvelope(null)).toBeNull();
  });
});
