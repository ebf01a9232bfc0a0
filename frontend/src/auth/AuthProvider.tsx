/**
 * Holds who is signed in and which department the dashboard works in; the token and the
 * department's name live in the http module's stores, which put them on every request.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { departmentStore, onUnauthorized, tokenStore } from '../api/http';
import { authApi } from '../pages/login/api';
import type { Me, Role, Session } from '../pages/login/types';
import { resolveDepartment, roleIn } from './department';

const USER_KEY = 'crony.user';

interface AuthState {
  user: Me | null;
  signIn: (session: Session) => void;
  signOut: () => Promise<void>;
  /** Reads `/auth/me` again: memberships and roles may have changed since sign-in. */
  refresh: () => Promise<void>;
  /** Makes `name` the department every request works in, and drops every answer read for the last one. */
  switchDepartment: (name: string) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** A user stored by an older dashboard lacks the department fields. */
function normalise(raw: Partial<Me> & Pick<Me, 'username'>): Me {
  return {
    ...raw,
    role: raw.role ?? null,
    globalAdmin: raw.globalAdmin ?? false,
    department: raw.department ?? null,
    departments: raw.departments ?? [],
  };
}

function storedUser(): Me | null {
  if (!tokenStore.get()) return null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? normalise(JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<Me | null>(storedUser);
  const userRef = useRef(user);
  userRef.current = user;

  const remember = useCallback((me: Me) => {
    localStorage.setItem(USER_KEY, JSON.stringify(me));
    setUser(me);
  }, []);

  const forget = useCallback(() => {
    tokenStore.clear();
    localStorage.removeItem(USER_KEY);
    setUser(null);
  }, []);

  useEffect(() => {
    onUnauthorized(forget);
    return () => onUnauthorized(undefined);
  }, [forget]);

  /** Every cached answer was read in the old department: none of it may be shown in the new one. */
  const dropAnswers = useCallback(async () => {
    await queryClient.cancelQueries();
    await queryClient.resetQueries();
  }, [queryClient]);

  const signIn = useCallback(
    (session: Session) => {
      tokenStore.set(session.token);
      // the home department until /auth/me (read by the layout) names the memberships
      departmentStore.clear();
      remember(normalise({ username: session.username, role: session.role, globalAdmin: session.globalAdmin }));
    },
    [remember],
  );

  const refresh = useCallback(async () => {
    let me: Me;
    try {
      me = normalise(await authApi.me());
    } catch {
      return; // a 401 has signed the user out already; otherwise keep what we know
    }
    if (!tokenStore.get()) return;
    const stored = departmentStore.get();
    const current = resolveDepartment(me, stored);
    if (current.department) departmentStore.set(current.department.name);
    else departmentStore.clear();
    remember({ ...me, department: current.department, role: current.role });
    // without a stored choice the answers were read in the home department already
    if (stored !== null && stored !== current.department?.name) await dropAnswers();
  }, [remember, dropAnswers]);

  const switchDepartment = useCallback(
    (name: string) => {
      const me = userRef.current;
      const membership = me?.departments.find((d) => d.name === name);
      if (!me || !membership) return;
      departmentStore.set(name);
      remember({ ...me, department: { id: membership.id, name: membership.name }, role: roleIn(me, name) });
      void dropAnswers();
    },
    [remember, dropAnswers],
  );

  const signOut = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // the token is dropped locally whatever the server says
    }
    departmentStore.clear();
    forget();
  }, [forget]);

  const value = useMemo(
    () => ({ user, signIn, signOut, refresh, switchDepartment }),
    [user, signIn, signOut, refresh, switchDepartment],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** ADMIN and OPERATOR change jobs and agents; VIEWER only looks. */
export function canOperate(role: Role | null | undefined): boolean {
  return role === 'ADMIN' || role === 'OPERATOR';
}

/** Roles are per department: this is the role in the department the dashboard works in. */
export function useCanOperate(): boolean {
  return canOperate(useAuth().user?.role);
}

/** A global admin, or an ADMIN member of that department, manages its settings and members. */
export function canAdministerDepartment(user: Me | null | undefined, departmentId: number): boolean {
  if (!user) return false;
  return user.globalAdmin || user.departments.some((d) => d.id === departmentId && d.role === 'ADMIN');
}
