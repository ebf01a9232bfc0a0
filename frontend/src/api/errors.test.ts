import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { errorMessage, fieldPath, splitFieldErrors } from './errors';

describe('api errors', () => {
  it('turns JSON paths into form name paths', () => {
    expect(fieldPath('schedule')).toEqual(['schedule']);
    expect(fieldPath('target.type')).toEqual(['target', 'type']);
    expect(fieldPath('target.successCodes[1]')).toEqual(['target', 'successCodes', 1]);
    expect(fieldPath('')).toEqual([]);
  });

  it('puts errors of fields the form has on those fields and keeps the rest apart', () => {
    const split = splitFieldErrors(
      [
        { field: 'schedule', message: 'bad cron' },
        { field: 'schedule', message: 'too frequent' },
        { field: 'target.type', message: 'shell is off on every agent' },
        { field: 'dependsOn', message: 'cycle' },
        { field: '', message: 'general' },
      ],
      [['schedule'], ['target', 'type'], ['name']],
    );
    expect(split.onFields).toEqual([
      { name: ['schedule'], errors: ['bad cron', 'too frequent'] },
      { name: ['target', 'type'], errors: ['shell is off on every agent'] },
    ]);
    expect(split.elsewhere).toEqual([
      { field: 'dependsOn', message: 'cycle' },
      { field: '', message: 'general' },
    ]);
  });

  it('prefers the problem detail as a message', () => {
    expect(errorMessage(new ApiError(409, 'Conflict', 'Job was changed'))).toBe('Job was changed');
    expect(errorMessage(new ApiError(500, 'Internal Server Error'))).toBe('Internal Server Error');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });
});
