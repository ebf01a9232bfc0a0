/** Which department the dashboard works in, from what the server says and what was chosen. */
import type { DepartmentRef, Me, Role } from '../pages/login/types';

export interface CurrentDepartment {
  department: DepartmentRef | null;
  role: Role | null;
}

/**
 * The stored choice while the user still belongs to it; else (left, removed, renamed away,
 * or never chosen) the server's home department. `me` is `/auth/me` read without the
 * department header, so its `role` is the one in the home department.
 */
export function resolveDepartment(me: Pick<Me, 'role' | 'department' | 'departments'>, stored: string | null): CurrentDepartment {
  const departments = me.departments ?? [];
  const chosen = stored ? departments.find((d) => d.name === stored) : undefined;
  if (chosen) return { department: { id: chosen.id, name: chosen.name }, role: chosen.role };
  const home = me.department ?? null;
  if (!home) return { department: null, role: me.role ?? null };
  const membership = departments.find((d) => d.id === home.id);
  return { department: { id: home.id, name: home.name }, role: membership?.role ?? me.role ?? null };
}

/** The user's role in another department, as the switcher will make it current. */
export function roleIn(me: Pick<Me, 'departments'>, name: string): Role | null {
  return me.departments.find((d) => d.name === name)?.role ?? null;
}
