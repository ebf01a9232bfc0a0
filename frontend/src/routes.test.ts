import { describe, expect, it } from 'vitest';
import { allowed, appRoutes } from './routes';

const route = (path: string) => appRoutes.find((r) => r.path === path)!;

describe('allowed', () => {
  it('shows Users and the group mappings to global admins only, whatever their role in the current department', () => {
    expect(allowed(route('/users'), { role: 'ADMIN', globalAdmin: false })).toBe(false);
    expect(allowed(route('/users'), { role: null, globalAdmin: true })).toBe(true);
    expect(allowed(route('/sso/group-mappings'), { role: 'ADMIN', globalAdmin: false })).toBe(false);
    expect(allowed(route('/sso/group-mappings'), { role: null, globalAdmin: true })).toBe(true);
  });

  it('shows Departments to everyone and the admin pages by the role in the current department', () => {
    expect(allowed(route('/departments'), { role: 'VIEWER', globalAdmin: false })).toBe(true);
    expect(allowed(route('/departments'), { role: null, globalAdmin: false })).toBe(true);
    expect(allowed(route('/service-tokens'), { role: 'ADMIN', globalAdmin: false })).toBe(true);
    expect(allowed(route('/service-tokens'), { role: 'OPERATOR', globalAdmin: false })).toBe(false);
  });
});
