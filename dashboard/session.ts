import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me } from './types';

export interface SessionValue {
  /** the signed-in person (null: signed out) */
  me: Me | null;
  /** after sign-in: the person, and on to where they were going */
  signedIn(me: Me): void;
  /** reads /me again (an organization joined or created) */
  refresh(): Promise<Me | null>;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionValue>({ me: null, signedIn: () => undefined, refresh: async () => null, signOut: async () => undefined });
export const useSession = () => useContext(SessionContext);
