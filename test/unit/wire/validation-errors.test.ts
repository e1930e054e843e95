import { describe, it, expect } from 'vitest';
import { parseCategory, parseListPage, parseMe, WireValidationError } from '../../../src-shared/wire/index.ts';
import type { ListResource } from '../../../src-shared/wire/index.ts';
import type { ApiVersion } from '../../../src-shared/api-version.ts';
import { PRODUCT, categoryWire, customerWire, detailBody, listBody, meWire, paymentMethodsWire, productWire } from './samples.ts';

/** Runs `read` and returns the WireValidationError it must throw. */
function failure(read: () => unknown): WireValidationError {
  try {
    read();
  } catch (error) {
    if (error instanceof WireValidationError) return error;
    throw error;
  }
  throw new Error('expected a WireValidationError, but the body was accepted');
}

function pageFailure(resource: ListResource, version: ApiVersion, body: unknown, page: number) {
  return failure(() => parseListPage(resource, version, body, page));
}

const other = { ...productWire['2.5.0'], id: 'other-product' };

describe('a bad record', () => {
  it('names a missing field with what was expected', () => {
    const { category_id: _c, ...missing } = productWire['2.5.0'];
    const error = pageFailure('products', '2.5.0', listBody([other, missing]), 3);
    expect(error.message).toBe(`products page 3, record ${PRODUCT}: field "category_id" is required (expected an integer, got undefined)`);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WireValidationError');
    expect(error.resource).toBe('products');
    expect(error.page).toBe(3);
    expect(error.recordId).toBe(PRODUCT);
    expect(error.field).toBe('category_id');
  });

  it('names a field of the wrong type and what came instead', () => {
    const error = pageFailure('products', '2.0.0', listBody([{ ...productWire['2.0.0'], is_active: 1 }]), 4);
    expect(error.message).toBe(`products page 4, record ${PRODUCT}: field "is_active" must be a boolean, got 1`);
    expect(error.field).toBe('is_active');
  });

  it('names a bad decimal inside a nested price', () => {
    const prices = productWire['2.5.0'].prices as object[];
    const bad = { ...productWire['2.5.0'], id: 'X', prices: [prices[0], { ...prices[1], value: '12,50' }] };
    const error = pageFailure('products', '2.5.0', listBody([bad]), 2);
    expect(error.message).toBe('products page 2, record X: field "prices[1].value" must be a decimal string, got "12,50"');
    expect(error.recordId).toBe('X');
    expect(error.field).toBe('prices[1].value');
  });

  it('names a bad legacy money member', () => {
    const prices = productWire['2.0.0'].prices as object[];
    const bad = { ...productWire['2.0.0'], prices: [{ ...prices[0], total: 11.5 }] };
    expect(pageFailure('products', '2.0.0', listBody([bad]), 1).message).toBe(
      `products page 1, record ${PRODUCT}: field "prices[0].total" must be a decimal string, got 11.5`,
    );
  });

  it('rejects a fractional timestamp and a timestamp as text', () => {
    expect(pageFailure('customers', '2.5.0', listBody([{ ...customerWire, created_at: 1.5 }]), 1).message).toBe(
      `customers page 1, record ${customerWire.id}: field "created_at" must be an integer (epoch ms) or null, got 1.5`,
    );
    expect(pageFailure('products', '2.5.0', listBody([{ ...productWire['2.5.0'], updated_at: '1700000000000' }]), 1).message).toBe(
      `products page 1, record ${PRODUCT}: field "updated_at" must be an integer (epoch ms), got "1700000000000"`,
    );
  });

  it('rejects a value outside an enumeration', () => {
    const price = { ...(productWire['2.5.0'].prices as object[])[0], priceable_type: 'BRANCH' };
    expect(pageFailure('product_prices', '2.5.0', listBody([price]), 1).message).toBe(
      'product_prices page 1, record price-1: field "priceable_type" must be "PAYMENT_METHOD" or "ORDER_TYPE", got "BRANCH"',
    );
  });

  it('rejects an empty id', () => {
    const error = pageFailure('products', '2.5.0', listBody([{ ...productWire['2.5.0'], market_id: '' }]), 1);
    expect(error.message).toBe(`products page 1, record ${PRODUCT}: field "market_id" must be a non-empty string, got ""`);
  });

  it('uses the key when the record has no id', () => {
    const error = pageFailure('payment_methods', '2.5.0', listBody([{ ...paymentMethodsWire[0], is_online: 'no' }]), 1);
    expect(error.message).toBe('payment_methods page 1, record CASH: field "is_online" must be a boolean, got "no"');
    expect(error.recordId).toBe('CASH');
  });

  it('falls back to the index when the record has no readable id', () => {
    const { id: _id, ...anonymous } = productWire['2.5.0'];
    const error = pageFailure('products', '2.5.0', listBody([other, anonymous]), 6);
    expect(error.message).toBe('products page 6, record at index 1: field "id" is required (expected a non-empty string, got undefined)');
    expect(error.recordId).toBeNull();
  });

  it('says when a record is not an object at all', () => {
    const error = pageFailure('products', '2.5.0', listBody([other, 'oops']), 1);
    expect(error.message).toBe('products page 1, record at index 1: the record must be an object, got "oops"');
  });

  it('counts the other problems', () => {
    const { name_en: _n, ...bad } = productWire['2.5.0'];
    const error = pageFailure('products', '2.5.0', listBody([{ ...bad, order: '1', rating_avg: '4.5' }]), 1);
    expect(error.message).toBe(`products page 1, record ${PRODUCT}: field "name_en" is required (expected a string, got undefined) (and 2 more problems)`);
  });

  it('names the payment-method config members that depend on the target', () => {
    const market = { id: 'cfg-1', payment_method_key: 'CASH', target: 'MARKET', scope: 'ALL', sort: 1 };
    // `method` may be omitted (the spec omits it for PRODUCT): read as not known.
    expect(parseListPage('payment_method_configs', '2.4.0', listBody([market]), 1).records[0]).toMatchObject({ method: null, scope: 'ALL' });
    expect(pageFailure('payment_method_configs', '2.5.0', listBody([{ ...market, method: 'FIXED', target: 'BRANCH' }]), 1).message).toBe(
      'payment_method_configs page 1, record cfg-1: field "target" must be "MARKET" or "PRODUCT", got "BRANCH"',
    );
  });
});

describe('a bad envelope', () => {
  it('names a missing envelope field', () => {
    const body = listBody([productWire['2.5.0']]);
    const { last_page: _l, ...data } = body.data as Record<string, unknown>;
    const error = pageFailure('products', '2.5.0', { ...body, data }, 1);
    expect(error.message).toBe('products page 1: envelope field "data.last_page" is required (expected an integer, got undefined)');
    expect(error.field).toBe('data.last_page');
    expect(error.recordId).toBeNull();
    expect(error.page).toBe(1);
  });

  it('names a bad link entry and a bad meta status', () => {
    const links = [{ url: 3, label: '1', active: true }];
    expect(pageFailure('printers', '2.5.0', listBody([], { links }), 2).message).toBe(
      'printers page 2: envelope field "data.links[0].url" must be a string or null, got 3',
    );
    const body = { ...listBody([]), meta: { code: 200, status: 'ok', message: 'Data Loaded Successfully' } };
    expect(pageFailure('printers', '2.5.0', body, 2).message).toBe('printers page 2: envelope field "meta.status" must be "success", got "ok"');
  });

  it('says when the records are not a list', () => {
    expect(pageFailure('products', '2.5.0', listBody([], { data: { 0: productWire['2.5.0'] } }), 1).message).toBe(
      'products page 1: envelope field "data.data" must be an array, got an object',
    );
  });

  it('says when the answer is not JSON of the service', () => {
    expect(pageFailure('products', '2.5.0', null, 5).message).toBe('products page 5: the answer must be an object, got null');
    expect(pageFailure('products', '2.5.0', '<html>502</html>', 5).field).toBe('(body)');
  });

  it('says when the answer is an error envelope', () => {
    const body = { meta: { code: 401, status: 'error', message: 'Unauthenticated.' }, data: null };
    const error = pageFailure('customers', '2.5.0', body, 2);
    expect(error.message).toBe('customers page 2: the service answered an error instead of data (401 Unauthenticated.)');
    expect(error.field).toBe('meta.status');
  });
});

describe('single-record reads', () => {
  it('names the category and the field of a detail read', () => {
    const sectors = [{ id: 1, sector_id: 3, product_category_id: 7 }];
    const error = failure(() => parseCategory('2.3.0', detailBody({ ...categoryWire['2.3.0'], sectors })));
    expect(error.message).toBe('categories, record 7: field "sectors[0].category_id" is required (expected an integer, got undefined)');
    expect(error.page).toBeNull();
    expect(error.recordId).toBe('7');
  });

  it('names the /me field', () => {
    const error = failure(() => parseMe(detailBody({ ...meWire, branch: { ...meWire.branch, vat_rate: '15' } })));
    expect(error.message).toBe('me: field "branch.vat_rate" must be a decimal string with two places, got "15"');
    expect(error.resource).toBe('me');
    expect(error.field).toBe('branch.vat_rate');
  });

  it('names a missing data member as an envelope field', () => {
    const error = failure(() => parseCategory('2.5.0', { meta: { code: 200, status: 'success', message: 'ok' } }));
    expect(error.message).toBe('categories: envelope field "data" is required (expected an object, got undefined)');
  });
});
