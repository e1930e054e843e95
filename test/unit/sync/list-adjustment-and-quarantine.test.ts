import { describe, expect, it } from 'vitest';
import { adjustAfterRefusal, allowedBadRecords, isVersionRefusal } from '../../../src-main/sync/index.ts';
import { BadRequestError, ForbiddenError, ValidationError } from '../../../src-main/upstream/index.ts';

const refusal = (errors: Record<string, string[]>, message = 'The given data was invalid.') => new ValidationError('GET /x', message, errors);

describe('a 422 about a list parameter is asked again the way it says', () => {
  it('takes the per_page maximum a message names', () => {
    const adjusted = adjustAfterRefusal(refusal({ per_page: ['The per page may not be greater than 100.'] }), { query: {}, perPage: 500 });
    expect(adjusted?.request.perPage).toBe(100);
  });

  it('halves per_page when no maximum is named, and gives up at 1', () => {
    expect(adjustAfterRefusal(refusal({ per_page: ['The per page is invalid.'] }), { query: {}, perPage: 500 })?.request.perPage).toBe(250);
    expect(adjustAfterRefusal(refusal({ per_page: ['The per page is invalid.'] }), { query: {}, perPage: 1 })).toBeNull();
  });

  it('sends the include values an error names', () => {
    const adjusted = adjustAfterRefusal(refusal({ 'includes.0': ['The selected includes.0 is invalid; allowed: modifier, product.'] }), {
      query: { includes: ['product'], filter: { x: 1 } },
      perPage: 50,
    });
    expect(adjusted?.request.query).toEqual({ includes: ['modifier', 'product'], filter: { x: 1 } });
  });

  it('falls back to one empty include when the error names none, then gives up', () => {
    const error = refusal({ includes: ['The includes field is required.'] });
    const first = adjustAfterRefusal(error, { query: {}, perPage: 50 });
    expect(first?.request.query.includes).toEqual(['']);
    expect(adjustAfterRefusal(error, first!.request)).toBeNull();
  });

  it("reads the page size from the message alone, in Laravel's words", () => {
    const error = new ValidationError('GET /x', 'The per page field must not be greater than 25.', {});
    expect(adjustAfterRefusal(error, { query: {}, perPage: 500 })?.request.perPage).toBe(25);
    expect(adjustAfterRefusal(new ValidationError('GET /x', 'perPage too big', {}), { query: {}, perPage: 500 })?.request.perPage).toBe(250);
  });

  it("drops an include a strict service's 400 names, keeping the rest, and drops the member when none is left", () => {
    const error = new BadRequestError('GET /products', 'Requested include(s) `prices` are not allowed. Allowed include(s) are `modifiers`.', {});
    const adjusted = adjustAfterRefusal(error, { query: { includes: ['modifiers', 'prices'], filter: { a: 1 } }, perPage: 50 });
    expect(adjusted?.request.query).toEqual({ includes: ['modifiers'], filter: { a: 1 } });
    expect(adjusted?.note).toBe('the service refused includes=["modifiers","prices"] (400); asked again with ["modifiers"]');
    const none = new BadRequestError('GET /products', 'Requested include(s) `prices` are not allowed.', {});
    expect(adjustAfterRefusal(none, { query: { includes: ['prices'] }, perPage: 50 })?.request.query).toEqual({});
  });

  it('leaves any other refusal alone', () => {
    expect(adjustAfterRefusal(new BadRequestError('GET /x', 'Bad Request', {}), { query: { includes: ['a'] }, perPage: 50 })).toBeNull();
    expect(adjustAfterRefusal(refusal({ search: ['too long'] }), { query: {}, perPage: 50 })).toBeNull();
    expect(adjustAfterRefusal(new ForbiddenError('GET /x', 'no'), { query: {}, perPage: 50 })).toBeNull();
  });
});

describe('version refusals', () => {
  it('are 422s naming the version header', () => {
    expect(isVersionRefusal(refusal({ 'X-API-Version': ['The selected X-API-Version is invalid.'] }))).toBe(true);
    expect(isVersionRefusal(refusal({ per_page: ['bad'] }))).toBe(false);
  });
});

describe('how many bad records a list may have', () => {
  it.each([
    [0, 0],
    [1, 0],
    [10, 5],
    [136, 68],
    [137, 68],
    [100_000, 50_000],
  ])('a list of %i may have %i', (total, allowed) => {
    expect(allowedBadRecords(total)).toBe(allowed);
  });
});
