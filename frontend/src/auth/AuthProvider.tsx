/** Holds who is signed in; the token itself lives in the http module's token store. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onUnauthorized, tokenStore } from '../api/http';
import { authApi } from '../pages/login/api';
import type { Me, Role, Session } from '../pages/login/types';

const USER_KEY = 'crony.user';

interface AuthState {
  user: Me | null;
  signIn: (session: Session) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function storedUser(): Me | null {
  if (!tokenStore.get()) return null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<Me | null>(storedUser);

  const forget = useCallback(() => {
    tokenStore.clear();
    localStorage.removeItem(USER_KEY);
    setUser(null);
  }, []);

  useEffect(() => {
    onUnauthorized(forget);
    return () => onUnauthorized(undefined);
  }, [forget]);

  const signIn = useCallback((session: Session) => {
    tokenStore.set(session.token);
    const me: Me = { username: session.username, role: session.role };
    localStorage.setItem(USER_KEY, JSON.stringify(me));
    setUser(me);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // the token is dropped locally whatever the server says
    }
    forget();
  }, [forget]);

  const value = useMemo(() => ({ user, signIn, signOut }), [user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** ADMIN and OPERATOR change jobs and agents; VIEWER only looks. */
export function canOperate(role: Role | undefined): boolean {
  return role === 'ADMIN' || role === 'OPERATOR';
}

export function useCanOperate(): boolean {
  return canOperate(useAuth().user?.role);
}
