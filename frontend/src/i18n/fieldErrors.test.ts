import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, LANGS } from './index';
import { FIELD_ERROR_CODES, fieldErrorText } from './fieldErrors';
import table from './fieldErrors.json';
import schema from '../api/openapi.json';
import { mockApi } from '../test/mockApi';
import { ApiError, http } from '../api/http';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('field errors', () => {
  afterEach(() => applyLanguage('en'));

  it('words every code the API document lists in every language, with the same parameters', () => {
    const served: string[] = schema.components.schemas.FieldProblem.properties.code.enum;
    expect(served.length).toBeGreaterThan(10);
    const codes: Record<string, Record<string, string>> = table.codes;
    for (const code of served) {
      expect(FIELD_ERROR_CODES, code).toContain(code);
      for (const lang of LANGS) {
        const sentence = codes[code]![lang];
        expect(sentence, `${code} in ${lang}`).toBeTruthy();
        expect(placeholders(sentence!), `${code} in ${lang}`).toEqual(placeholders(codes[code]!.en!));
      }
    }
  });

  it('words a field error from its code, a cron field as a word', () => {
    const error = {
      code: 'CRON_FIELD_OUT_OF_RANGE',
      params: { field: 'minute', value: '61', range: '0-59' },
      message: 'minute 61 out of range 0-59',
    };
    expect(fieldErrorText(error, 'zh-CN')).toBe('分钟的值 61 超出范围 0-59');
    expect(fieldErrorText(error, 'en')).toBe('minute 61 out of range 0-59');
    expect(fieldErrorText({ code: 'TOO_LONG', params: { max: '128' }, message: 'size must be between 0 and 128' }, 'zh-CN')).toBe(
      '长度不能超过 128',
    );
  });

  it('words the rules that once answered INVALID from their own codes', () => {
    const bulk = { code: 'TOO_MANY', params: { max: '1000', given: '1001' }, message: '1001 ids given; at most 1000 jobs are exported at once' };
    expect(fieldErrorText(bulk, 'zh-CN')).toBe('数量过多：1001 个，最多 1000 个');
    expect(fieldErrorText(bulk, 'en')).toBe('too many: 1001, at most 1000');
    expect(fieldErrorText({ code: 'PASSWORD_TOO_LONG', params: { maxBytes: '72' }, message: 'must be at most 72 bytes' }, 'zh-CN')).toBe(
      '不能超过 72 字节（密码哈希只读取这么多）',
    );
    expect(fieldErrorText({ code: 'UNKNOWN_CALENDAR', params: { name: 'cn-2027' }, message: "no calendar named 'cn-2027'" }, 'zh-CN')).toBe(
      '本部门没有名为“cn-2027”的日历',
    );
  });

  it("shows the server's message for a code it does not know, for INVALID and when no code came", () => {
    expect(fieldErrorText({ code: 'FROM_A_NEWER_SERVER', params: {}, message: 'something new' }, 'zh-CN')).toBe('something new');
    expect(fieldErrorText({ code: 'INVALID', params: {}, message: 'makes a cycle: a → b → a' }, 'zh-CN')).toBe('makes a cycle: a → b → a');
    expect(fieldErrorText({ message: 'as it came' }, 'zh-CN')).toBe('as it came');
  });

  it('reads a 400 in the reader language: its field errors and its summary', async () => {
    applyLanguage('zh-CN');
    mockApi(() => ({
      status: 400,
      body: {
        title: 'Bad Request',
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'name: must not be blank',
        errors: [{ field: 'name', message: 'must not be blank', code: 'REQUIRED', params: {} }],
      },
    }));

    const error = (await http.post('/jobs', {}).catch((e: unknown) => e)) as ApiError;

    expect(error.fieldError('name')).toBe('必填');
    expect(error.title).toBe('请求被拒绝');
    expect(error.detail).toBe('name: 必填');
  });
});
