// The error catalogue speaks all nine languages, with the same placeholders as English.
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api.ts';
import { errorCodes, errorNames } from '../../schemas/errors.ts';
import { fieldNames, isFieldName } from '../../schemas/fields.ts';
import { languages } from '../../schemas/languages.ts';
import { catalogues, localize } from '../../schemas/messages/index.ts';
import { requestFieldNames } from '../support/request-fields.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe.each(languages)('messages in %s', (language) => {
  const catalogue = catalogues[language];

  it('has a message for every error and a label for every field', () => {
    expect(Object.keys(catalogue.errors).sort()).toEqual([...errorNames].sort());
    expect(Object.keys(catalogue.fields).sort()).toEqual([...fieldNames].sort());
    for (const text of [...Object.values(catalogue.errors), ...Object.values(catalogue.fields)]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('keeps the placeholders of the English text', () => {
    for (const name of errorNames) {
      expect(placeholders(catalogue.errors[name]), name).toEqual(
        placeholders(catalogues.en.errors[name]),
      );
    }
  });

  it('fills a field label into "{field}"', () => {
    const text = localize(language, 'field_required', { field: 'email' });
    expect(text).toContain(catalogue.fields.email);
    expect(text).not.toMatch(/\{\w+\}/);
  });
});

describe('catalogue', () => {
  it('gives every error its own code, none of them the success code', () => {
    const codes = Object.values(errorCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(200);
    expect(errorCodes.session_expired).toBe(999);
  });

  it('says the session message of docs/product.md §7 in English', () => {
    expect(localize('en', 'session_expired')).toBe('Login timeout, please log in again');
  });

  it('writes numbers into their placeholders', () => {
    expect(localize('en', 'code_too_frequent', { seconds: 42 })).toBe(
      'Please wait 42 seconds before requesting another code',
    );
    expect(localize('en', 'login_locked', { minutes: 7 })).toContain('7 minutes');
  });
});

describe('field labels', () => {
  it('name every field a call takes, so a refusal says which in the caller’s language', () => {
    const unlabelled = endpoints.flatMap((endpoint) =>
      requestFieldNames(endpoint.request)
        .filter((name) => !isFieldName(name))
        .map((name) => `${endpoint.path} ${name}`),
    );
    expect(unlabelled).toEqual([]);
  });
});
