import { describe, expect, it } from 'vitest';
import type { Me } from '../pages/login/types';
import { resolveDepartment, roleIn } from './department';

const me: Pick<Me, 'role' | 'department' | 'departments'> = {
  role: 'VIEWER',
  department: { id: 1, name: 'default' },
  departments: [
    { id: 1, name: 'default', role: 'VIEWER' },
    { id: 4, name: 'pay', role: 'OPERATOR' },
  ],
};

describe('resolveDepartment', () => {
  it('keeps the stored department while the user belongs to it, with the role there', () => {
    expect(resolveDepartment(me, 'pay')).toEqual({ department: { id: 4, name: 'pay' }, role: 'OPERATOR' });
  });

  it("falls back to the server's home department when the stored one is no longer a membership", () => {
    expect(resolveDepartment(me, 'payroll-old')).toEqual({ department: { id: 1, name: 'default' }, role: 'VIEWER' });
  });

  it('takes the home department when none was chosen', () => {
    expect(resolveDepartment(me, null)).toEqual({ department: { id: 1, name: 'default' }, role: 'VIEWER' });
  });

  it('answers no department and the server role for a user without memberships', () => {
    expect(resolveDepartment({ role: null, department: null, departments: [] }, 'pay')).toEqual({ department: null, role: null });
  });

  it('tells the role in another department', () => {
    expect(roleIn(me, 'pay')).toBe('OPERATOR');
    expect(roleIn(me, 'hr')).toBeNull();
  });
});
