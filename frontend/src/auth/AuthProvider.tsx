/**
 * Holds who is signed in and which department the dashboard works in. The session itself
 * is an HttpOnly cookie the dashboard cannot read: who is signed in lives only in memory,
 * and on opening the app `/auth/me` tells whether the cookie still signs someone in. Only
 * the department's name (not a secret) is kept in the http module's store.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { departmentStore, onUnauthorized } from '../api/http';
import { authApi } from '../pages/login/api';
import type { Me, Role, Session } from '../pages/login/types';
import { resolveDepartment, roleIn } from './department';

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

/** What older dashboards kept in localStorage, the bearer token among it: removed on sight. */
const LEGACY_KEYS = ['crony.token', 'crony.user'];

/** The login answer and `/auth/me` before it names the department fields. */
function normalise(raw: Partial<Me> & Pick<Me, 'username'>): Me {
  return {
    ...raw,
    role: raw.role ?? null,
    globalAdmin: raw.globalAdmin ?? false,
    department: raw.department ?? null,
    departments: raw.departments ?? [],
  };
}

/** `/auth/me` in the department chosen before, or the home one when that choice is stale. */
async function readMe(): Promise<{ me: Me; stored: string | null }> {
  const me = normalise(await authApi.me());
  const stored = departmentStore.get();
  const current = resolveDepartment(me, stored);
  if (current.department) departmentStore.set(current.department.name);
  else departmentStore.clear();
  return { me: { ...me, department: current.department, role: current.role }, stored };
}

interface Props {
  children: ReactNode;
  /**
   * Who is signed in, when the caller knows (tests); left out, the provider asks the
   * server before showing anything.
   */
  initialUser?: Me | null;
}

export function AuthProvider({ children, initialUser }: Props) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<Me | null>(initialUser ?? null);
  const [checking, setChecking] = useState(initialUser === undefined);
  // remember and forget, the only ways the user changes, keep it current
  const userRef = useRef(user);

  const remember = useCallback((me: Me) => {
    userRef.current = me;
    setUser(me);
  }, []);

  const forget = useCallback(() => {
    userRef.current = null;
    setUser(null);
  }, []);

  useEffect(() => {
    onUnauthorized(forget);
    return () => onUnauthorized(undefined);
  }, [forget]);

  // Opening the app: does the session cookie still sign someone in?
  useEffect(() => {
    if (initialUser !== undefined) return;
    LEGACY_KEYS.forEach((key) => localStorage.removeItem(key));
    let live = true;
    readMe()
      .then(({ me }) => live && remember(me))
      .catch(() => live && forget())
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [initialUser, remember, forget]);

  /** Every cached answer was read in the old department: none of it may be shown in the new one. */
  const dropAnswers = useCallback(async () => {
    await queryClient.cancelQueries();
    await queryClient.resetQueries();
  }, [queryClient]);

  const signIn = useCallback(
    (session: Session) => {
      // the session is the cookie the answer set; the home department until /auth/me (read by the layout) names the memberships
      departmentStore.clear();
      remember(normalise({ username: session.username, role: session.role, globalAdmin: session.globalAdmin }));
    },
    [remember],
  );

  const refresh = useCallback(async () => {
    let read: { me: Me; stored: string | null };
    try {
      read = await readMe();
    } catch {
      return; // a 401 has signed the user out already; otherwise keep what we know
    }
    if (!userRef.current) return; // signed out meanwhile
    const { me, stored } = read;
    remember(me);
    // without a stored choice the answers were read in the home department already
    if (stored !== null && stored !== me.department?.name) await dropAnswers();
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
    let providerSignOut: string | undefined;
    try {
      providerSignOut = (await authApi.logout())?.redirectTo;
    } catch {
      // the user is signed out here whatever the server says; the server revokes the
      // session and clears the cookie when it hears of it
    }
    departmentStore.clear();
    forget();
    // the OpenID Connect provider ends its own session there, then sends the browser back
    if (providerSignOut) window.location.assign(providerSignOut);
  }, [forget]);

  const value = useMemo(
    () => ({ user, signIn, signOut, refresh, switchDepartment }),
    [user, signIn, signOut, refresh, switchDepartment],
  );
  if (checking) return <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />;
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
